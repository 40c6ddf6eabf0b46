import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ProductList } from '@kiln/contracts';
import { PgProductReadModel } from '../../adapters/pg-product.read-model';
import { ListProductsQuery } from './list-products.query';

@QueryHandler(ListProductsQuery)
export class ListProductsHandler implements IQueryHandler<ListProductsQuery, ProductList> {
  constructor(private readonly view: PgProductReadModel) {}

  execute({ page }: ListProductsQuery): Promise<ProductList> {
    return this.view.listed(page.skip, page.limit);
  }
}
