import { Query } from '@nestjs/cqrs';
import { ProductList, ProductListQuery } from '@kiln/contracts';

/** GET /api/product/moderation: what waits for a moderator, oldest first. */
export class ListModerationQuery extends Query<ProductList> {
  constructor(
    readonly actorId: string,
    readonly page: ProductListQuery,
  ) {
    super();
  }
}
