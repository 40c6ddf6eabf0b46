import { Query } from '@nestjs/cqrs';
import { ProductList, ProductListQuery } from '@kiln/contracts';

/** GET /api/product/product: the marketplace (published and production-ready). */
export class ListProductsQuery extends Query<ProductList> {
  constructor(readonly page: ProductListQuery) {
    super();
  }
}
