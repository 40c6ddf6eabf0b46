import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { PushMessage } from '@kiln/contracts';
import type { BusinessScope } from './business-scope';

/** What every business record carries (contracts RecordMeta). */
export interface BusinessRecord {
  id: string;
  teamId: string | null;
  projectId: string | null;
  version: number;
}
type Pages<T> = InfiniteData<{ data: T[]; total: number }, number>;

/** Whether a record belongs to the list of a scope, as the service lists them (ADR 0029). */
export function inScope(record: Pick<BusinessRecord, 'teamId' | 'projectId'>, scope: { teamId?: string; projectId?: string }): boolean {
  if (!scope.teamId) return !record.teamId;
  return record.teamId === scope.teamId && (!scope.projectId || record.projectId === scope.projectId);
}

/**
 * The highest version seen per record and the version each was removed at, so a late answer or redelivered push
 * never goes back; an undone removal (a higher version) comes back (issue 17).
 */
const seen = new Map<string, number>();
const gone = new Map<string, number>();

function newer(record: BusinessRecord): boolean {
  const removedAt = gone.get(record.id);
  if (removedAt !== undefined && record.version <= removedAt) return false;
  const held = seen.get(record.id);
  return held === undefined || record.version > held;
}

function mapPages<T extends BusinessRecord>(
  queryClient: QueryClient,
  listKey: QueryKey,
  map: (pages: Pages<T>, filters: { search?: string; teamId?: string; projectId?: string }) => Pages<T>,
) {
  for (const [key, data] of queryClient.getQueriesData<Pages<T>>({ queryKey: listKey })) {
    if (!data?.pages) continue;
    const filters = (key[key.length - 1] ?? {}) as { search?: string; teamId?: string; projectId?: string };
    queryClient.setQueryData(key, map(data, filters));
  }
}

/**
 * Merges a created or changed record into every cached list page under `listKey` (spec 002 §4: adding and
 * removing update the list at once; pushes merge like My Models): a known one is replaced when newer, a new one
 * goes first in the lists of its scope whose search it does not contradict.
 */
export function applyUpsert<T extends BusinessRecord & { name?: string }>(queryClient: QueryClient, listKey: QueryKey, record: T, isNew: boolean) {
  if (!newer(record)) return;
  seen.set(record.id, record.version);
  mapPages<T>(queryClient, listKey, (data, filters) => {
    const present = data.pages.some((page) => page.data.some((item) => item.id === record.id));
    if (present) return { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map((item) => (item.id === record.id ? record : item)) })) };
    const matches = inScope(record, filters) && (!filters.search || (record.name ?? '').toLowerCase().includes(filters.search.toLowerCase()));
    if (!isNew || !matches || data.pages.length === 0) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first, data: [record, ...first.data], total: first.total + 1 }, ...rest] };
  });
}

/** Takes a removed record out of every cached list under `listKey`; it never comes back this session. */
export function applyRemoval<T extends BusinessRecord>(queryClient: QueryClient, listKey: QueryKey, removed: Pick<BusinessRecord, 'id' | 'version'>) {
  const id = removed.id;
  gone.set(id, Math.max(removed.version, gone.get(id) ?? 0));
  mapPages<T>(queryClient, listKey, (data) => {
    if (!data.pages.some((page) => page.data.some((item) => item.id === id))) return data;
    return { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.filter((item) => item.id !== id), total: Math.max(0, page.total - 1) })) };
  });
}

/** One push of a business channel (`{ verb, data: record }`) merged into the lists under `listKey`. */
export function applyPush<T extends BusinessRecord & { name?: string }>(queryClient: QueryClient, listKey: QueryKey, message: PushMessage<T>) {
  const record = message?.data;
  if (!record?.id) return;
  if (message.verb === 'delete') applyRemoval(queryClient, listKey, record);
  else applyUpsert(queryClient, listKey, record, message.verb === 'create');
}

/** The `nextSkip` of the catalog: the next page starts after what is loaded, while the last page was full. */
export function nextBusinessSkip(pageSize: number) {
  return (lastPage: { data: unknown[] }, allPages: { data: unknown[] }[]): number | undefined =>
    lastPage.data.length >= pageSize ? allPages.reduce((sum, page) => sum + page.data.length, 0) : undefined;
}

export type { BusinessScope };
