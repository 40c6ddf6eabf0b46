import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Product } from '@kiln/contracts';
import { canSee, DomainError, PRODUCT_MESSAGES } from '@kiln/domain';
import { PgProductReadModel } from '../../adapters/pg-product.read-model';
import { MODERATORS, Moderators } from '../../ports/moderators.port';
import { GetProductQuery } from './get-product.query';

/** Published products for everyone signed in; the owner and moderators see it in any status; else 404. */
@QueryHandler(GetProductQuery)
export class GetProductHandler implements IQueryHandler<GetProductQuery, Product> {
  constructor(
    private readonly view: PgProductReadModel,
    @Inject(MODERATORS) private readonly moderators: Moderators,
  ) {}

  async execute({ actorId, id }: GetProductQuery): Promise<Product> {
    const product = await this.view.byId(id);
    if (!product) throw new DomainError('not-found', PRODUCT_MESSAGES.notFound);
    const plain = { userId: actorId, moderator: false };
    if (canSee(product, plain)) return product;
    if (await this.moderators.isModerator(actorId)) return product;
    throw new DomainError('not-found', PRODUCT_MESSAGES.notFound);
  }
}
