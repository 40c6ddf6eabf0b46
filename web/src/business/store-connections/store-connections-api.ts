import type {
  CreatedStoreConnection,
  CreateStoreConnectionBody,
  Order,
  SetSkuMappingBody,
  SkuMappingList,
  StoreConnection,
  StoreConnectionList,
  StoreOrderEntryList,
} from '@kiln/contracts';
import { request } from '../../api/client';
import { scopeWhere } from '../business-api';
import type { BusinessScope } from '../business-scope';

const BASE = '/api/workspace/business-store-connection';
const at = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** The store connection routes (ADR 0060). */
export const storeConnectionsApi = {
  list: (scope: BusinessScope) => {
    const where = scopeWhere(scope);
    return request<StoreConnectionList>('GET', BASE, { query: { where: Object.keys(where).length ? JSON.stringify(where) : undefined } });
  },
  create: (body: CreateStoreConnectionBody) => request<CreatedStoreConnection>('POST', BASE, { body }),
  remove: (id: string) => request<StoreConnection>('DELETE', at(id)),
  mappings: (id: string) => request<SkuMappingList>('GET', `${at(id)}/sku-mapping`),
  setMapping: (id: string, body: SetSkuMappingBody) => request<SkuMappingList>('PATCH', `${at(id)}/sku-mapping`, { body }),
  needsMapping: (id: string) => request<StoreOrderEntryList>('GET', `${at(id)}/needs-mapping`),
  orderEntry: (id: string, entryId: string) => request<Order>('POST', `${at(id)}/needs-mapping/${encodeURIComponent(entryId)}/order`),
};

export const storeKeys = {
  list: (scope: BusinessScope) => ['business', 'store-connection', 'list', scope.teamId ?? null, scope.projectId ?? null] as const,
  mappings: (id: string) => ['business', 'store-connection', id, 'mappings'] as const,
  needsMapping: (id: string) => ['business', 'store-connection', id, 'needs-mapping'] as const,
};
