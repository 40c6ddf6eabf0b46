import type {
  AddCatalogItemInput,
  CatalogItem,
  CatalogItemList,
  CatalogModelLookup,
  CreateServiceInput,
  History,
  Material,
  MaterialList,
  MaterialTree,
  ModelList,
  ProductList,
  Service,
  ServiceList,
  UpdateCatalogItemInput,
  UpdateServiceInput,
} from '@kiln/contracts';
import { BUSINESS_PAGE_SIZE, IDEMPOTENCY_HEADER } from '@kiln/contracts/constants';
import { request } from '../api/client';
import { parseSort } from '../shell/view-state';
import type { BusinessScope } from './business-scope';

const json = (value: unknown) => JSON.stringify(value);
const CATALOG = '/api/workspace/business-catalog';
const SERVICE = '/api/workspace/business-service';
const MATERIAL = '/api/workspace/business-material';
const at = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

/** The scope part of a `where` (spec 002 §7): none for my personal records. */
export function scopeWhere(scope: BusinessScope) {
  return { ...(scope.teamId ? { teamId: scope.teamId } : {}), ...(scope.teamId && scope.projectId ? { projectId: scope.projectId } : {}) };
}

/** The shell's sort ("updatedAt DESC") as the business lists take it (`{"updatedAt":-1}`). */
export function businessSort(sort: string): Record<string, 1 | -1> {
  const { field, order } = parseSort(sort);
  return { [field]: order === 'ASC' ? 1 : -1 };
}

export interface BusinessListParams {
  search: string;
  sort: string;
  skip: number;
  scope: BusinessScope;
  limit?: number;
}

function listQuery({ search, sort, skip, scope, limit = BUSINESS_PAGE_SIZE }: BusinessListParams) {
  const where = { ...scopeWhere(scope), ...(search ? { name: { contains: search } } : {}) };
  return { where: Object.keys(where).length ? json(where) : undefined, sort: json(businessSort(sort)), skip, limit };
}

/** A version sent back as `If-Match` (the record's ETag). */
const ifMatch = (version: number | undefined): Record<string, string> => (version === undefined ? {} : { 'If-Match': String(version) });

export const catalogApi = {
  list: (params: BusinessListParams) => request<CatalogItemList>('GET', CATALOG, { query: listQuery(params) }),
  get: (id: string, version?: number) => request<CatalogItem>('GET', at(CATALOG, id), { query: { version } }),
  history: (id: string) => request<History>('GET', `${at(CATALOG, id)}/history`),
  lookup: (modelId: string) => request<CatalogModelLookup>('GET', `${CATALOG}/model-lookup`, { query: { modelId } }),
  add: (body: AddCatalogItemInput, key: string) => request<CatalogItem>('POST', CATALOG, { body, headers: { [IDEMPOTENCY_HEADER]: key } }),
  addMany: (items: AddCatalogItemInput[], key: string) =>
    request<{ data: CatalogItem[] }>('POST', `${CATALOG}/create-multiple`, { body: { items }, headers: { [IDEMPOTENCY_HEADER]: key } }),
  update: (id: string, changes: UpdateCatalogItemInput, version?: number) =>
    request<CatalogItem>('PATCH', at(CATALOG, id), { body: changes, headers: ifMatch(version) }),
  remove: (id: string) => request<CatalogItem>('DELETE', at(CATALOG, id)),
  restore: (id: string) => request<CatalogItem>('POST', `${at(CATALOG, id)}/restore`),
};

export const serviceApi = {
  list: (params: BusinessListParams) => request<ServiceList>('GET', SERVICE, { query: listQuery(params) }),
  create: (body: CreateServiceInput, key: string) => request<Service>('POST', SERVICE, { body, headers: { [IDEMPOTENCY_HEADER]: key } }),
  update: (id: string, changes: UpdateServiceInput, version?: number) =>
    request<Service>('PATCH', at(SERVICE, id), { body: changes, headers: ifMatch(version) }),
  remove: (id: string) => request<Service>('DELETE', at(SERVICE, id)),
  restore: (id: string) => request<Service>('POST', `${at(SERVICE, id)}/restore`),
  get: (id: string, version?: number) => request<Service>('GET', at(SERVICE, id), { query: { version } }),
  history: (id: string) => request<History>('GET', `${at(SERVICE, id)}/history`),
};

/** Timelines and past versions of materials and services (issue 8: the History dialog of their rows). */
export const recordHistoryApi = {
  material: {
    get: (id: string, version?: number) => request<Material>('GET', at(MATERIAL, id), { query: { version } }),
    history: (id: string) => request<History>('GET', `${at(MATERIAL, id)}/history`),
  },
  service: { get: serviceApi.get, history: serviceApi.history },
};
export type HistoryKind = keyof typeof recordHistoryApi;

/** Every material and service of a scope (the recipe editor's choices), 100 a page. */
async function everything<T>(path: string, scope: BusinessScope): Promise<T[]> {
  const all: T[] = [];
  for (let skip = 0; skip < 5000; skip += 100) {
    const page = await request<{ data: T[] }>('GET', path, { query: listQuery({ search: '', sort: 'name ASC', skip, scope, limit: 100 }) });
    all.push(...page.data);
    if (page.data.length < 100) break;
  }
  return all;
}
export const recipeChoicesApi = {
  materials: (scope: BusinessScope) => everything<MaterialList['data'][number]>(MATERIAL, scope),
  services: (scope: BusinessScope) => everything<Service>(SERVICE, scope),
};

export const materialTreeApi = {
  get: (scope: BusinessScope) => {
    const where = scopeWhere(scope);
    return request<MaterialTree>('GET', '/api/workspace/business-material/material-tree', {
      query: { where: Object.keys(where).length ? json(where) : undefined },
    });
  },
};

export const pickerApi = {
  /** My workspace models (or the scope's) that are not in the catalog yet, newest first (the From workspace picker). */
  workspaceModels: (search: string, exclude: string[], skip: number, scope: BusinessScope) => {
    const where = {
      ...scopeWhere(scope),
      ...(search ? { name: { contains: search } } : {}),
      ...(exclude.length ? { id: { nin: exclude.slice(0, 1000) } } : {}),
    };
    return request<ModelList>('GET', '/api/workspace/model', { query: { where: json(where), sort: 'updatedAt DESC', skip, limit: BUSINESS_PAGE_SIZE } });
  },
  /** Published, production-ready products (the community catalog). */
  community: (skip: number) => request<ProductList>('GET', '/api/product/product', { query: { skip, limit: BUSINESS_PAGE_SIZE } }),
};

export const businessKeys = {
  all: ['business'] as const,
  catalog: () => ['business', 'catalog'] as const,
  catalogLists: () => ['business', 'catalog', 'list'] as const,
  catalogList: (search: string, sort: string, scope: BusinessScope) => ['business', 'catalog', 'list', { search, sort, ...scopeWhere(scope) }] as const,
  catalogModelIds: (scope: BusinessScope) => ['business', 'catalog', 'model-ids', scopeWhere(scope)] as const,
  catalogItem: (id: string, version?: number) => ['business', 'catalog', 'item', id, version ?? 'latest'] as const,
  catalogHistory: (id: string) => ['business', 'catalog', 'history', id] as const,
  services: () => ['business', 'service'] as const,
  serviceList: (search: string, sort: string, scope: BusinessScope) => ['business', 'service', 'list', { search, sort, ...scopeWhere(scope) }] as const,
  allServices: (scope: BusinessScope) => ['business', 'service', 'all', scopeWhere(scope)] as const,
  allMaterials: (scope: BusinessScope) => ['business', 'material', 'all', scopeWhere(scope)] as const,
  /** A material's or service's timeline, and the record as it was at a version (never changes once written). */
  recordHistory: (kind: 'material' | 'service', id: string) => ['business', kind, 'history', id] as const,
  recordVersion: (kind: 'material' | 'service', id: string, version: number) => ['business', kind, 'version', id, version] as const,
  materialTree: (scope: BusinessScope) => ['business', 'material-tree', scopeWhere(scope)] as const,
};
