import type { QueryClient } from '@tanstack/react-query';
import type { Material } from '@kiln/contracts';
import { recentChangesOf } from '../recent-changes';
import { materialKeys, type MaterialScope } from '../materials/material-api';

/** What each cached inventory list knows: its scope and search are in its key (materialKeys.list). */
type ListKey = ReturnType<typeof materialKeys.list>;

/**
 * Deleted materials by the version of their deletion, per query client: a push or an answer that was on its way
 * before the deletion never brings a material back (a deletion is final, ADR 0031).
 */
const goneByClient = new WeakMap<QueryClient, Map<string, number>>();
function gone(queryClient: QueryClient): Map<string, number> {
  let map = goneByClient.get(queryClient);
  if (!map) goneByClient.set(queryClient, (map = new Map()));
  return map;
}

/** The materials created or changed lately (ADR 0071). */
const recent = (queryClient: QueryClient) => recentChangesOf<Material>(queryClient, 'materials');

/** Whether a material is in the list of a scope, as the service lists them (ADR 0029). */
export function inScope(material: Pick<Material, 'teamId' | 'projectId' | 'ownerId'>, scope: MaterialScope, meId: string | undefined): boolean {
  if (!scope.teamId) return material.teamId === null && (meId === undefined || material.ownerId === meId);
  return material.teamId === scope.teamId && (!scope.projectId || material.projectId === scope.projectId);
}

const matches = (material: Material, search: string) => !search || material.name.toLowerCase().includes(search.toLowerCase());

/**
 * One list with a created or changed material merged in: replaced when newer than the copy held, added when it
 * belongs to the list and is new to it, dropped when it no longer belongs (moved out of the scope, renamed out of
 * the search). Applying the same state twice changes nothing (the answer and the push both arrive).
 */
export function upsertIn(list: Material[], material: Material, scope: MaterialScope, search: string, meId: string | undefined): Material[] {
  const index = list.findIndex((item) => item.id === material.id);
  const held = index >= 0 ? list[index] : undefined;
  if (held && held.version >= material.version) return list;
  const belongs = inScope(material, scope, meId) && matches(material, search);
  if (!belongs) return held ? list.filter((item) => item.id !== material.id) : list;
  if (!held) return [...list, material];
  const next = [...list];
  next[index] = material;
  return next;
}

export function removeFrom(list: Material[], id: string): Material[] {
  return list.some((item) => item.id === id) ? list.filter((item) => item.id !== id) : list;
}

/** Whether the cache knows the material was deleted at this version or later. */
export function isGone(queryClient: QueryClient, material: Pick<Material, 'id' | 'version'>): boolean {
  const deletedAt = gone(queryClient).get(material.id);
  return deletedAt !== undefined && material.version <= deletedAt;
}

/**
 * A list answer may have left the server before a change the cache has seen: deleted materials stay out, and the
 * materials created or changed lately are merged in as they were seen (a newer copy in the answer wins).
 */
export function checkedAnswer(
  queryClient: QueryClient,
  list: Material[],
  where: { scope: MaterialScope; search: string; meId: string | undefined },
  now = Date.now(),
): Material[] {
  let checked = list.filter((material) => !isGone(queryClient, material));
  for (const [, material] of recent(queryClient).entries(now)) checked = upsertIn(checked, material, where.scope, where.search, where.meId);
  return checked;
}

/** Merges a created or changed material into every cached inventory list. */
export function applyMaterialUpsert(queryClient: QueryClient, material: Material, meId: string | undefined, now = Date.now()): void {
  if (isGone(queryClient, material)) return;
  const held = recent(queryClient).get(material.id);
  if (!held || held.version < material.version) recent(queryClient).set(material.id, material, now);
  for (const [key, data] of queryClient.getQueriesData<Material[]>({ queryKey: materialKeys.lists() })) {
    if (!data) continue;
    const { search, ...scope } = (key as ListKey)[3];
    queryClient.setQueryData<Material[]>(key, upsertIn(data, material, scope, search, meId));
  }
}

/** Takes a deleted material out of every cached list and remembers it is gone. */
export function applyMaterialRemoval(queryClient: QueryClient, id: string, version: number): void {
  const map = gone(queryClient);
  map.set(id, Math.max(version, map.get(id) ?? 0));
  recent(queryClient).delete(id);
  queryClient.setQueriesData<Material[]>({ queryKey: materialKeys.lists() }, (data) => (data ? removeFrom(data, id) : data));
}

/** In stock when the quantity is above 0 (spec 002 §2); the service says so in `inStock`. */
export function splitByStock(list: Material[]): { inStock: Material[]; outOfStock: Material[] } {
  const inStock = list.filter((material) => material.quantityInStock.value > 0);
  const outOfStock = list.filter((material) => !(material.quantityInStock.value > 0));
  return { inStock, outOfStock };
}

/** The shell's sort ("name ASC", "updatedAt DESC") applied to a group. */
export function sortMaterials(list: Material[], field: 'name' | 'updatedAt' | 'createdAt', order: 'ASC' | 'DESC'): Material[] {
  const sign = order === 'ASC' ? 1 : -1;
  return [...list].sort((a, b) => {
    const primary =
      field === 'name' ? a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) : new Date(a[field]).getTime() - new Date(b[field]).getTime();
    return sign * primary || a.id.localeCompare(b.id);
  });
}
