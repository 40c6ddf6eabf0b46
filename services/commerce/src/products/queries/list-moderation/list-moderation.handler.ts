import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ProductList } from '@kiln/contracts';
import { DomainError, PRODUCT_MESSAGES } from '@kiln/domain';
import { PgProductReadModel } from '../../adapters/pg-product.read-model';
import { MODERATORS, Moderators } from '../../ports/moderators.port';
import { ListModerationQuery } from './list-moderation.query';

@QueryHandler(ListModerationQuery)
export class ListModerationHandler implements IQueryHandler<ListModerationQuery, ProductList> {
  constructor(
    private readonly view: PgProductReadModel,
    @Inject(MODERATORS) private readonly moderators: Moderators,
  ) {}

  async execute({ actorId, page }: ListModerationQuery): Promise<ProductList> {
    if (!(await this.moderators.isModerator(actorId))) throw new DomainError('forbidden', PRODUCT_MESSAGES.moderatorsOnly);
    return this.view.waiting(page.skip, page.limit);
  }
}
