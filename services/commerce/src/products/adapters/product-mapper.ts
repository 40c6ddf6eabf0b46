import { Product } from '@kiln/contracts';
import { ProductState, ProductStatus, RecordedProductFact } from '@kiln/domain';
import type { Insertable, Selectable } from 'kysely';
import { ProductView } from '../../database.generated';
import { StoredFact } from '../../event-store/event-store';

/** Every shape a product takes here, mapped in one place: facts ↔ stored rows, state → API and view rows. */
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const PRODUCT_STREAM = 'product';

export function toFact(productId: string, stored: StoredFact): RecordedProductFact {
  return { type: stored.type, aggregateType: PRODUCT_STREAM, aggregateId: productId, data: stored.data, occurredAt: stored.occurredAt } as RecordedProductFact;
}

export function toProduct(state: ProductState): Product {
  return {
    id: state.id,
    status: state.status,
    title: state.title,
    model: state.modelId,
    image: state.image,
    ownerId: state.ownerId,
    productionReady: state.productionReady,
    publishedAt: iso(state.publishedAt),
    submittedAt: iso(state.submittedAt),
    rejectionReason: state.rejectionReason,
    createdAt: iso(state.createdAt)!,
    updatedAt: iso(state.updatedAt)!,
    version: state.version,
  };
}

export type ProductViewRow = Selectable<ProductView>;

export function productToRow(product: Product): Insertable<ProductView> {
  return {
    id: product.id,
    model_id: product.model,
    owner_id: product.ownerId,
    status: product.status,
    title: product.title,
    image: product.image,
    production_ready: product.productionReady,
    published_at: product.publishedAt,
    submitted_at: product.submittedAt,
    rejection_reason: product.rejectionReason,
    created_at: product.createdAt,
    updated_at: product.updatedAt,
    version: product.version,
  };
}

export function rowToProduct(row: ProductViewRow): Product {
  return {
    id: row.id,
    status: row.status as ProductStatus,
    title: row.title,
    model: row.model_id,
    image: row.image,
    ownerId: row.owner_id,
    productionReady: row.production_ready,
    publishedAt: iso(row.published_at),
    submittedAt: iso(row.submitted_at),
    rejectionReason: row.rejection_reason,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    version: row.version,
  };
}
