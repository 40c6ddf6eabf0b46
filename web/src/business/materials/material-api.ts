import type { CreateMaterialInput, DistinctTags, Material, MaterialList, UpdateMaterialInput } from '@kiln/contracts';
import { IDEMPOTENCY_HEADER, LIST_LIMIT_MAX } from '@kiln/contracts/constants';
import { request } from '../../api/client';

/** The list a material belongs to: my personal materials (nothing), a team's, or one project's of a team. */
export interface MaterialScope {
  teamId?: string;
  projectId?: string;
}

const PATH = '/api/workspace/business-material';
const at = (id: string) => `${PATH}/${encodeURIComponent(id)}`;
/** The inventory shows every material at once (two groups, no paging in spec 002 §2): pages of the largest size. */
export const INVENTORY_PAGE = LIST_LIMIT_MAX;
/** A bound on what one inventory holds on screen (ADR 0031). */
export const INVENTORY_MAX = 2000;

export function scopeWhere(scope: MaterialScope) {
  return { ...(scope.teamId ? { teamId: scope.teamId } : {}), ...(scope.teamId && scope.projectId ? { projectId: scope.projectId } : {}) };
}
const whereParam = (where: object) => (Object.keys(where).length ? JSON.stringify(where) : undefined);
/** The version read, sent back as `If-Match`: the service answers 412 when the material changed since. */
const ifMatch = (version: number) => ({ 'If-Match': String(version) });

export const materialApi = {
  page: (scope: MaterialScope, search: string, skip: number) =>
    request<MaterialList>('GET', PATH, {
      query: {
        where: whereParam({ ...scopeWhere(scope), ...(search ? { name: { contains: search } } : {}) }),
        sort: JSON.stringify({ name: 1 }),
        skip,
        limit: INVENTORY_PAGE,
      },
    }),
  /** Every material of the scope (page after page). */
  async all(scope: MaterialScope, search: string): Promise<Material[]> {
    const items: Material[] = [];
    for (;;) {
      const page = await materialApi.page(scope, search, items.length);
      items.push(...page.data);
      if (page.data.length < INVENTORY_PAGE || items.length >= page.total || items.length >= INVENTORY_MAX) return items;
    }
  },
  get: (id: string) => request<Material>('GET', at(id)),
  tags: (scope: MaterialScope) =>
    request<DistinctTags>('GET', '/api/workspace/distinct/business-material/tags', { query: { where: whereParam(scopeWhere(scope)) } }),
  create: (body: CreateMaterialInput, key: string) => request<Material>('POST', PATH, { body, headers: { [IDEMPOTENCY_HEADER]: key } }),
  update: (id: string, changes: UpdateMaterialInput, version: number) => request<Material>('PATCH', at(id), { body: changes, headers: ifMatch(version) }),
  remove: (id: string, version: number) => request<Material>('DELETE', at(id), { headers: ifMatch(version) }),
  restore: (id: string) => request<Material>('POST', `${at(id)}/restore`),
};

export const materialKeys = {
  all: ['business', 'material'] as const,
  lists: () => ['business', 'material', 'list'] as const,
  list: (scope: MaterialScope, search: string) => ['business', 'material', 'list', { search, ...scopeWhere(scope) }] as const,
  tags: (scope: MaterialScope) => ['business', 'material', 'tags', scopeWhere(scope)] as const,
};

/** The sentence shown when a save or delete came after someone else's change (HTTP 412). */
export const CHANGED_MEANWHILE = 'Someone changed this material in the meantime. The latest version is shown now; please make your change again.';
