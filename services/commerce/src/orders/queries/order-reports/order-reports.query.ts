import { Query } from '@nestjs/cqrs';
import { OrderReports } from '@kiln/contracts';

/** The orders list's header stats of one scope. */
export class OrderReportsQuery extends Query<OrderReports> {
  constructor(
    readonly actorId: string,
    readonly where: { teamId?: string | null; projectId?: string | null } | undefined,
  ) {
    super();
  }
}
