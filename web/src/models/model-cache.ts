import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Model, ModelList } from '@kiln/contracts';
import { parseSort } from '../shell/view-state';

/** Query keys: every model list lives under ['models', 'list', {search, sort}]. */
export const modelKeys = {
  all: ['models'] as const,
  lists: () => ['models', 'list'] as const,
  list: (search: string, sort: string) => ['models', 'list', { search, sort }] as const,
};

export type ModelPages = InfiniteData<ModelList, number>;
type ListKey = ReturnType<typeof modelKeys.list>;

/** A pushed or answered model: `author` may be missing, `userRole` too. */
export type ModelPatch = Partial<Model> & Pick<Model, 'id'>;

function compare(a: Model, b: Model, sort: string): number {
  const { field, order } = parseSort(sort);
  const sign = order === 'ASC' ? 1 : -1;
  const primary =
    field === 'name'
      ? a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })
      : new Date(a[field]).getTime() - new Date(b[field]).getTime();
  return sign * primary;
}

function matchesSearch(model: Model, search: string): boolean {
  return !search || model.name.toLowerCase().includes(search.toLowerCase());
}

/** Re-splits the flat list into the same pages (the last one takes what is left). */
function repage(pages: ModelPages, items: Model[], totalDelta: number): ModelPages {
  const total = Math.max(0, (pages.pages[0]?.total ?? 0) + totalDelta);
  let offset = 0;
  const next = pages.pages.map((page, index) => {
    const isLast = index === pages.pages.length - 1;
    const data = isLast ? items.slice(offset) : items.slice(offset, offset + page.data.length);
    offset += data.length;
    return { data, total };
  });
  return { ...pages, pages: next };
}

/** Where a model belongs among the loaded items; -1 when it belongs after them and more are not loaded yet. */
function insertionIndex(items: Model[], model: Model, sort: string, allLoaded: boolean): number {
  const index = items.findIndex((item) => compare(model, item, sort) < 0);
  if (index >= 0) return index;
  return allLoaded ? items.length : -1;
}

/**
 * Puts a created or changed model into one cached list: merges into the known copy (keeping its author when the
 * patch has none), moves it to where the sort wants it, drops it when it no longer matches the search, and inserts
 * a new one (`isNew`) at its place. Applying the same model twice changes nothing (pushes and answers both arrive).
 */
export function upsertInPages(pages: ModelPages, key: ListKey, patch: ModelPatch, isNew: boolean, fallback?: Partial<Model>): ModelPages {
  const { search, sort } = key[2];
  const items = pages.pages.flatMap((page) => page.data);
  const index = items.findIndex((item) => item.id === patch.id);
  const known = index >= 0 ? items[index] : undefined;
  if (!known && !isNew) return pages;

  const merged = { ...fallback, ...known, ...withoutUndefined(patch) } as Model;
  if (!merged.author && known?.author) merged.author = known.author;
  const rest = known ? items.filter((item) => item.id !== patch.id) : items;
  const total = pages.pages[0]?.total ?? 0;

  if (!matchesSearch(merged, search)) return known ? repage(pages, rest, -1) : pages;
  const allLoaded = rest.length >= total - (known ? 1 : 0);
  const at = insertionIndex(rest, merged, sort, allLoaded);
  // It belongs among the pages not loaded yet: they will bring it.
  if (at < 0) return repage(pages, rest, known ? 0 : 1);
  const next = [...rest.slice(0, at), merged, ...rest.slice(at)];
  return repage(pages, next, known ? 0 : 1);
}

export function removeFromPages(pages: ModelPages, id: string): ModelPages {
  const items = pages.pages.flatMap((page) => page.data);
  if (!items.some((item) => item.id === id)) return pages;
  return repage(pages, items.filter((item) => item.id !== id), -1);
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Applies a model to every cached model list. */
export function applyModelUpsert(queryClient: QueryClient, patch: ModelPatch, isNew: boolean, fallback?: Partial<Model>) {
  for (const [key, data] of queryClient.getQueriesData<ModelPages>({ queryKey: modelKeys.lists() })) {
    if (!data) continue;
    queryClient.setQueryData<ModelPages>(key, upsertInPages(data, key as ListKey, patch, isNew, fallback));
  }
}

export function applyModelRemoval(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<ModelPages>({ queryKey: modelKeys.lists() }, (data) => (data ? removeFromPages(data, id) : data));
}
