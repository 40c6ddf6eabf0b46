import { Query } from '@nestjs/cqrs';
import { Product } from '@kiln/contracts';

export class GetProductQuery extends Query<Product> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
