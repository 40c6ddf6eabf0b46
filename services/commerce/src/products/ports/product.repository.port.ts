import { ProductAggregate } from '@kiln/domain';
import { EventMeta } from '@kiln/service-kit';

export const PRODUCT_REPOSITORY = Symbol('ProductRepository');

export interface ProductRepository {
  /** The product rebuilt from its events, or null. */
  load(id: string): Promise<ProductAggregate | null>;
  /** Appends the recorded facts at the loaded version (409 when someone else wrote first); answers event ids. */
  save(product: ProductAggregate, meta: EventMeta): Promise<string[]>;
}
