import { Query } from '@nestjs/cqrs';
import { DeletedModelList, RecentlyDeletedQuery } from '@kiln/contracts';

/** The caller's "Recently deleted" models (ADR 0048). */
export class ListRecentlyDeletedQuery extends Query<DeletedModelList> {
  constructor(
    readonly actorId: string,
    readonly params: RecentlyDeletedQuery,
  ) {
    super();
  }
}
