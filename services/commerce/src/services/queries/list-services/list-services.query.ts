import { Query } from '@nestjs/cqrs';
import { BusinessListQuery, Service } from '@kiln/contracts';

/** A page of one scope's services, each option naming its materials. */
export class ListServicesQuery extends Query<{ data: Service[]; total: number }> {
  constructor(
    readonly actorId: string,
    readonly query: Partial<BusinessListQuery>,
  ) {
    super();
  }
}
