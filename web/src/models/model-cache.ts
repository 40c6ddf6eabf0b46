import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Model, ModelList } from '@kiln/contracts';
import { RECENT_CHANGE_MS } from '../api/recent-changes';
import { parseSort } from '../shell/view-state';

/** How many ids the version memory keeps (newest kept); enough for a session, small in memory. */
const REMEMBERED_IDS = 5000;

/** Where a model list looks: the personal workspace (no team), a team, or one project of a team. */
export interface ModelScope {
  teamId?: string;
  projectId?: string;
}

/**
 * Query keys: every model list lives under ['models', 'list', {search, sort, teamId?, projectId?}]; favorites,
 * shared with me and published under their own keys below ['models'], so a reconnect or a push reaches them all.
 */
export const modelKeys = {
  all: ['models'] as const,
  lists: () => ['models', 'list'] as const,
  list: (search: string, sort: string, scope: ModelScope = {}) =>
    [
      'models',
      'list',
      { search, sort, ...(scope.teamId ? { teamId: scope.teamId } : {}), ...(scope.teamId && scope.projectId ? { projectId: scope.projectId } : {}) },
    ] as const,
  favorites: () => ['models', 'favorites'] as const,
  favoriteList: (search: string, sort: string) => ['models', 'favorites', { search, sort }] as const,
  shared: () => ['models', 'shared'] as const,
  sharedList: (search: string, sort: string) => ['models', 'shared', { search, sort }] as const,
  published: () => ['models', 'published'] as const,
  publishedList: (search: string, sort: string) => ['models', 'published', { search, sort }] as const,
  /** "Recently deleted" (ADR 0048): outside `models`, as it holds no models, only what can be restored. */
  recentlyDeleted: () => ['recently-deleted'] as const,
};

/**
 * Whether a model belongs to the list of a scope, as the service lists them: the personal list holds the
 * caller's own models outside teams, a team's list all of the team's models, a project's only that project's.
 */
export function belongsToScope(model: Partial<Model>, scope: ModelScope): boolean {
  if (!scope.teamId) return !model.teamId && (model.userRole === undefined || model.userRole === 'owner');
  return model.teamId === scope.teamId && (!scope.projectId || model.projectId === scope.projectId);
}

export type ModelPages = InfiniteData<ModelList, number>;
type ListKey = ReturnType<typeof modelKeys.list>;

/** A pushed or answered model: `author` may be missing, `userRole` too. */
export type ModelPatch = Partial<Model> & Pick<Model, 'id'>;

/** True when `patch` is not newer than `held` (a patch without a version is trusted, as before versions). */
function notNewer(patch: ModelPatch, held: number | undefined): boolean {
  return held !== undefined && patch.version !== undefined && patch.version <= held;
}

/** A Map that forgets its oldest entries beyond `cap` (re-setting a key makes it the newest). */
function remember<V>(map: Map<string, V>, key: string, value: V, cap: number) {
  map.delete(key);
  map.set(key, value);
  if (map.size > cap) map.delete(map.keys().next().value!);
}

/**
 * What the cache has seen of each model, across all lists, so that a redelivered push or a late answer never
 * wins over a newer state, and a deleted model is never brought back (a deletion is final). Kept for the session,
 * bounded: an id forgotten here is still guarded by the copy a list holds.
 */
export class ModelVersions {
  private readonly latest = new Map<string, ModelPatch>();
  private readonly gone = new Map<string, number>();
  private readonly created = new Map<string, { model: Partial<Model>; at: number }>();

  constructor(private readonly cap = REMEMBERED_IDS) {}

  /** Whether a create/update is newer than all this knows of its id. */
  accepts(patch: ModelPatch): boolean {
    return !this.isGone(patch) && !notNewer(patch, this.latest.get(patch.id)?.version);
  }

  /** Deleted at this or a later version (without a version: deleted at all). */
  private isGone(patch: ModelPatch): boolean {
    const deletedAt = this.gone.get(patch.id);
    return deletedAt !== undefined && (patch.version === undefined || patch.version <= deletedAt);
  }

  /** Records an accepted create/update. `favorite` is the caller's own and has no version: never remembered. */
  seen(patch: ModelPatch) {
    const { favorite: _favorite, ...versioned } = withoutUndefined(patch);
    remember(this.latest, patch.id, { ...this.latest.get(patch.id), ...versioned }, this.cap);
  }

  /** Whether a delete is not older than what this knows of its id (equal is fine: it may carry the last state). */
  acceptsDelete(id: string, version: number | undefined): boolean {
    return version === undefined || !(version < (this.latest.get(id)?.version ?? -Infinity));
  }

  /** Records a model created lately (by this page or a push), for the list answers that may not have it yet. */
  createdLately(model: Partial<Model> & Pick<Model, 'id'>, now = Date.now()) {
    remember(this.created, model.id, { model: { ...this.created.get(model.id)?.model, ...withoutUndefined(model) }, at: now }, this.cap);
  }

  deleted(id: string, version: number | undefined) {
    this.latest.delete(id);
    this.created.delete(id);
    remember(this.gone, id, Math.max(version ?? Number.MAX_SAFE_INTEGER, this.gone.get(id) ?? -Infinity), this.cap);
  }

  /**
   * A list answer may have started before a push arrived: drop deleted models, keep the newer state held, and on
   * the first page put back the models created lately that it lacks, where the list's sort wants them.
   */
  checkList(list: ModelList, skip = 0, key?: ListKey, now = Date.now()): ModelList {
    const data = list.data.filter((model) => !this.isGone(model));
    let checked = data.map((model) => {
      const held = this.latest.get(model.id);
      if (notNewer(model, held?.version)) return { ...model, ...held } as Model;
      this.seen(model);
      return model;
    });
    let total = Math.max(0, list.total - (list.data.length - data.length));
    if (skip !== 0 || !key) return { data: checked, total };
    const { search, sort, ...scope } = key[2];
    for (const [id, { model, at }] of this.created) {
      if (now - at >= RECENT_CHANGE_MS) {
        this.created.delete(id);
        continue;
      }
      const lately = { ...model, ...this.latest.get(id) } as Model;
      if (checked.some((item) => item.id === id) || !lately.name || !matchesSearch(lately, search) || !belongsToScope(lately, scope)) continue;
      const index = insertionIndex(checked, lately, sort, checked.length >= total);
      if (index < 0) continue;
      checked = [...checked.slice(0, index), lately, ...checked.slice(index)];
      total += 1;
    }
    return { data: checked, total };
  }
}

const versionsByClient = new WeakMap<QueryClient, ModelVersions>();

/** The version memory of this query client (one per page load). */
export function modelVersions(queryClient: QueryClient): ModelVersions {
  let versions = versionsByClient.get(queryClient);
  if (!versions) versionsByClient.set(queryClient, (versions = new ModelVersions()));
  return versions;
}

/** A page of the model list as the server answered it, checked against the newer pushes seen meanwhile. */
export function checkedListAnswer(queryClient: QueryClient, list: ModelList, skip = 0, key?: ListKey): ModelList {
  return modelVersions(queryClient).checkList(list, skip, key);
}

function compare(a: Model, b: Model, sort: string): number {
  const { field, order } = parseSort(sort);
  const sign = order === 'ASC' ? 1 : -1;
  const primary =
    field === 'name' ? a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) : new Date(a[field]).getTime() - new Date(b[field]).getTime();
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
  const { search, sort, ...scope } = key[2];
  const items = pages.pages.flatMap((page) => page.data);
  const index = items.findIndex((item) => item.id === patch.id);
  const known = index >= 0 ? items[index] : undefined;
  if (!known && !isNew) return pages;
  // An older (or the same) state than the copy held: a redelivered push or a late answer.
  if (known && notNewer(patch, known.version)) return pages;

  const merged = { ...fallback, ...known, ...withoutUndefined(patch) } as Model;
  if (!merged.author && known?.author) merged.author = known.author;
  const rest = known ? items.filter((item) => item.id !== patch.id) : items;
  const total = pages.pages[0]?.total ?? 0;

  // A push of a model this list does not hold (a team's, or one shared with the caller) is not inserted here.
  if (!matchesSearch(merged, search) || !belongsToScope(merged, scope)) return known ? repage(pages, rest, -1) : pages;
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
  return repage(
    pages,
    items.filter((item) => item.id !== id),
    -1,
  );
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Applies a created or changed model to every cached model list, unless the cache has seen a newer state. */
export function applyModelUpsert(queryClient: QueryClient, patch: ModelPatch, isNew: boolean, fallback?: Partial<Model>) {
  const versions = modelVersions(queryClient);
  if (!versions.accepts(patch)) return;
  versions.seen(patch);
  if (isNew) versions.createdLately({ ...fallback, ...withoutUndefined(patch), id: patch.id });
  for (const [key, data] of queryClient.getQueriesData<ModelPages>({ queryKey: modelKeys.lists() })) {
    if (!data) continue;
    queryClient.setQueryData<ModelPages>(key, upsertInPages(data, key as ListKey, patch, isNew, fallback));
  }
  // Favorites and Shared with me hold the model inside their entries: a change shows there too.
  mapHeldModels(queryClient, (item) => {
    if (item.modelId !== patch.id || !item.model || notNewer(patch, item.model.version)) return item;
    return { ...item, model: { ...item.model, ...withoutUndefined(patch) } as Model, ...(patch.name ? { modelName: patch.name } : {}) };
  });
}

/** Removes a deleted model from every cached list and remembers it is gone, so no late push brings it back. */
export function applyModelRemoval(queryClient: QueryClient, id: string, version?: number) {
  const versions = modelVersions(queryClient);
  if (!versions.acceptsDelete(id, version)) return;
  versions.deleted(id, version);
  queryClient.setQueriesData<ModelPages>({ queryKey: modelKeys.lists() }, (data) => (data ? removeFromPages(data, id) : data));
  mapHeldModels(queryClient, (item) => (item.modelId === id ? null : item));
}

const removedFavoritesByClient = new WeakMap<QueryClient, Map<string, true>>();

function removedFavorites(queryClient: QueryClient): Map<string, true> {
  let removed = removedFavoritesByClient.get(queryClient);
  if (!removed) removedFavoritesByClient.set(queryClient, (removed = new Map()));
  return removed;
}

/**
 * A favorite ended (un-starred here and answered, or pushed). A favorite never comes back (a new star is a
 * new favorite with a new id), so its id is enough to correct any Favorites answer read before the list's
 * read model applied the removal (a push or an answer may come first).
 */
export function favoriteRemoved(queryClient: QueryClient, id: string) {
  remember(removedFavorites(queryClient), id, true, REMEMBERED_IDS);
}

/** A page of Favorites as the server answered it, without the favorites this page saw end. */
export function checkedFavoritesAnswer<T extends { id: string }>(queryClient: QueryClient, list: { data: T[]; total: number }): { data: T[]; total: number } {
  const removed = removedFavorites(queryClient);
  const data = list.data.filter((favorite) => !removed.has(favorite.id));
  return data.length === list.data.length ? list : { data, total: Math.max(0, list.total - (list.data.length - data.length)) };
}

/** An entry of Favorites or Shared with me: it names its model and may hold it. */
export interface HoldsModel {
  id: string;
  modelId: string;
  model?: Model;
  modelName?: string;
}
export type HeldPages<T extends HoldsModel = HoldsModel> = InfiniteData<{ data: T[]; total: number }, number>;

/** Maps every cached Favorites and Shared with me entry; null drops it (and counts it out). */
export function mapHeldModels(
  queryClient: QueryClient,
  map: (item: HoldsModel) => HoldsModel | null,
  keys: readonly (readonly string[])[] = [modelKeys.favorites(), modelKeys.shared()],
) {
  for (const queryKey of keys) {
    queryClient.setQueriesData<HeldPages>({ queryKey }, (data) => {
      if (!data) return data;
      let dropped = 0;
      let changed = false;
      const pages = data.pages.map((page) => ({
        ...page,
        data: page.data.flatMap((item) => {
          const next = map(item);
          if (next !== item) changed = true;
          if (next === null) dropped += 1;
          return next === null ? [] : [next];
        }),
      }));
      if (!changed) return data;
      return { ...data, pages: pages.map((page) => ({ ...page, total: Math.max(0, page.total - dropped) })) };
    });
  }
}

/** The caller starred or un-starred a model: its star everywhere, and Favorites loses an un-starred one. */
export function applyFavoriteFlag(queryClient: QueryClient, modelId: string, favorite: boolean) {
  queryClient.setQueriesData<ModelPages>({ queryKey: modelKeys.lists() }, (data) => {
    if (!data || !data.pages.some((page) => page.data.some((m) => m.id === modelId && m.favorite !== favorite))) return data;
    return { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map((m) => (m.id === modelId ? { ...m, favorite } : m)) })) };
  });
  mapHeldModels(
    queryClient,
    (item) => (item.modelId === modelId && item.model && item.model.favorite !== favorite ? { ...item, model: { ...item.model, favorite } } : item),
    [modelKeys.shared()],
  );
  if (!favorite) mapHeldModels(queryClient, (item) => (item.modelId === modelId ? null : item), [modelKeys.favorites()]);
}
