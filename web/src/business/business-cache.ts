import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { PushMessage } from '@kiln/contracts';
import { recentChangesOf } from './recent-changes';
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

type ListFilters = { search?: string; teamId?: string; projectId?: string };
type Named = BusinessRecord & { name?: string };

/**
 * The highest version seen per record and the version each was removed at, so a late answer or redelivered push
 * never goes back; an undone removal (a higher version) comes back (issue 17).
 */
const seen = new Map<string, number>();
const gone = new Map<string, number>();

/** The records of one kind of list added or changed lately, kept whole (ADR 0071). */
const recentOf = (queryClient: QueryClient, listKey: QueryKey) =>
  recentChangesOf<{ record: Named; isNew: boolean }>(queryClient, `business:${JSON.stringify(listKey)}`);

function removed(record: BusinessRecord): boolean {
  const removedAt = gone.get(record.id);
  return removedAt !== undefined && record.version <= removedAt;
}

function newer(record: BusinessRecord): boolean {
  if (removed(record)) return false;
  const held = seen.get(record.id);
  return held === undefined || record.version > held;
}

/** Whether a record belongs to a cached list: its scope, and a search its name does not contradict. */
function matchesList(record: Named, filters: ListFilters): boolean {
  return inScope(record, filters) && (!filters.search || (record.name ?? '').toLowerCase().includes(filters.search.toLowerCase()));
}

/**
 * A page of a list under `listKey` as the server answered it, checked against what this page learned meanwhile:
 * removed records dropped, a newer version held kept, and on the first page the records added lately that it lacks.
 */
export function checkedBusinessList<T extends Named>(
  queryClient: QueryClient,
  listKey: QueryKey,
  list: { data: T[]; total: number },
  skip: number,
  filters: ListFilters,
  now = Date.now(),
) {
  const recent = recentOf(queryClient, listKey);
  const lately = recent.entries(now);
  let data = list.data
    .filter((record) => !removed(record))
    .map((record) => {
      const held = recent.get(record.id)?.record;
      if (held && held.version > record.version) return held as T;
      if (newer(record)) seen.set(record.id, record.version);
      return record;
    });
  if (skip === 0) {
    const added = lately
      .map(([, held]) => held)
      .filter(({ record, isNew }) => isNew && matchesList(record, filters) && !data.some((item) => item.id === record.id))
      .map(({ record }) => record as T);
    data = [...added.reverse(), ...data];
  }
  return { ...list, data, total: Math.max(0, list.total + data.length - list.data.length) };
}

function mapPages<T extends BusinessRecord>(queryClient: QueryClient, listKey: QueryKey, map: (pages: Pages<T>, filters: ListFilters) => Pages<T>) {
  for (const [key, data] of queryClient.getQueriesData<Pages<T>>({ queryKey: listKey })) {
    if (!data?.pages) continue;
    const filters = (key[key.length - 1] ?? {}) as ListFilters;
    queryClient.setQueryData(key, map(data, filters));
  }
}

/**
 * Merges a created or changed record into every cached list page under `listKey` (spec 002 §4: adding and
 * removing update the list at once; pushes merge like My Models): a known one is replaced when newer, a new one
 * goes first in the lists of its scope whose search it does not contradict.
 */
export function applyUpsert<T extends Named>(queryClient: QueryClient, listKey: QueryKey, record: T, isNew: boolean) {
  if (!newer(record)) return;
  seen.set(record.id, record.version);
  const recent = recentOf(queryClient, listKey);
  recent.set(record.id, { record, isNew: isNew || (recent.get(record.id)?.isNew ?? false) });
  mapPages<T>(queryClient, listKey, (data, filters) => {
    const present = data.pages.some((page) => page.data.some((item) => item.id === record.id));
    if (present) return { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map((item) => (item.id === record.id ? record : item)) })) };
    if (!isNew || !matchesList(record, filters) || data.pages.length === 0) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first, data: [record, ...first.data], total: first.total + 1 }, ...rest] };
  });
}

/** Takes a removed record out of every cached list under `listKey`; it never comes back this session. */
export function applyRemoval<T extends BusinessRecord>(queryClient: QueryClient, listKey: QueryKey, removed: Pick<BusinessRecord, 'id' | 'version'>) {
  const id = removed.id;
  gone.set(id, Math.max(removed.version, gone.get(id) ?? 0));
  recentOf(queryClient, listKey).delete(id);
  mapPages<T>(queryClient, listKey, (data) => {
    if (!data.pages.some((page) => page.data.some((item) => item.id === id))) return data;
    return { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.filter((item) => item.id !== id), total: Math.max(0, page.total - 1) })) };
  });
}

/** One push of a business channel (`{ verb, data: record }`) merged into the lists under `listKey`. */
export function applyPush<T extends Named>(queryClient: QueryClient, listKey: QueryKey, message: PushMessage<T>) {
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
