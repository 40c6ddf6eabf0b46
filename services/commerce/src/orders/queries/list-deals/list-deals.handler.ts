import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { ORDER_READ_MODEL, OrderReadModel } from '../../ports/order-read-model.port';
import { ListDealsQuery } from './list-deals.query';

/** My orders or quotes, or a team's (a project's) when I am in it (404 otherwise, ADR 0029); 10 a page with the total. */
@QueryHandler(ListDealsQuery)
export class ListDealsHandler implements IQueryHandler<ListDealsQuery, { data: unknown[]; total: number }> {
  constructor(
    @Inject(ORDER_READ_MODEL) private readonly view: OrderReadModel,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
  ) {}

  async execute({ type, actorId, query }: ListDealsQuery): Promise<{ data: unknown[]; total: number }> {
    const scope = await this.access.scopeForList(actorId, query.where);
    return this.view.page(type, scope, query);
  }
}
