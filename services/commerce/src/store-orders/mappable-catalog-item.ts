import type { CatalogItem, OrderCatalogItem } from '@kiln/contracts';
import type { CatalogFields } from '@kiln/domain';
import type { RecordScope, RecordStore } from '../business-records/ports/record-store.port';
import { catalogItemType } from '../catalog/catalog-item-type';

/**
 * The catalog item a SKU of this connection may map to, as an order copies it: a live item of the connection's
 * own workspace (the same person's personal catalog, or the same team's); null otherwise (ADR 0060).
 */
export async function mappableCatalogItem(store: RecordStore, connection: RecordScope, catalogItemId: string): Promise<OrderCatalogItem | null> {
  if (!/^[0-9a-f]{24}$/.test(catalogItemId)) return null;
  const state = await store.load<CatalogFields>(catalogItemType, catalogItemId);
  if (!state || state.deleted) return null;
  const sameScope = connection.teamId ? state.teamId === connection.teamId : state.teamId === null && state.ownerId === connection.ownerId;
  if (!sameScope) return null;
  const item: CatalogItem = catalogItemType.present(state);
  return { id: item.id, name: item.name, modelId: item.modelId, model: item.model };
}
