import type { Model, ModerateProductBody, Product, ProductList, PublishProductBody, UpdateProductBody } from '@kiln/contracts';
import { PRODUCT_PAGE_SIZE } from '@kiln/contracts/constants';
import { request } from '../api/client';

const at = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

/** Products and moderation (spec 000 §7 "Published"; ADR 0022). */
export const productApi = {
  model: (modelId: string) => request<Model>('GET', at('/api/workspace/model', modelId)),
  product: (id: string) => request<Product>('GET', at('/api/product/product', id)),
  publish: (body: Partial<PublishProductBody> & Pick<PublishProductBody, 'modelId' | 'title'>, key: string) =>
    request<Product>('POST', '/api/product/product', { body, headers: { 'Idempotency-Key': key } }),
  update: (id: string, body: UpdateProductBody) => request<Product>('PATCH', at('/api/product/product', id), { body }),
  moderation: (skip = 0) => request<ProductList>('GET', '/api/product/moderation', { query: { skip, limit: PRODUCT_PAGE_SIZE } }),
  moderate: (id: string, body: ModerateProductBody) => request<Product>('PATCH', at('/api/product/moderation', id), { body }),
};

export const productKeys = {
  all: ['products'] as const,
  one: (id: string) => ['products', 'one', id] as const,
  moderation: () => ['products', 'moderation'] as const,
};
