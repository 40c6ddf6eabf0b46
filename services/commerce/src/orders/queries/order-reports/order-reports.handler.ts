import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { OrderReports } from '@kiln/contracts';
import { CLOCK, Clock } from '@kiln/service-kit';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { ORDER_READ_MODEL, OrderReadModel } from '../../ports/order-read-model.port';
import { OrderReportsQuery } from './order-reports.query';

/** New orders, Monthly total, Yearly total (ADR 0057) from the reports projection, for a scope the caller reads. */
@QueryHandler(OrderReportsQuery)
export class OrderReportsHandler implements IQueryHandler<OrderReportsQuery, OrderReports> {
  constructor(
    @Inject(ORDER_READ_MODEL) private readonly view: OrderReadModel,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, where }: OrderReportsQuery): Promise<OrderReports> {
    const scope = await this.access.scopeForList(actorId, where);
    return this.view.reports(scope, this.clock.now());
  }
}
