import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DeletedModelList } from '@kiln/contracts';
import { PgDeletedModelsReadModel } from '../../adapters/pg-deleted-models.read-model';
import { Clock, CLOCK } from '@kiln/service-kit';
import { ListRecentlyDeletedQuery } from './list-recently-deleted.query';

@QueryHandler(ListRecentlyDeletedQuery)
export class ListRecentlyDeletedHandler implements IQueryHandler<ListRecentlyDeletedQuery, DeletedModelList> {
  constructor(
    private readonly readModel: PgDeletedModelsReadModel,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ actorId, params }: ListRecentlyDeletedQuery): Promise<DeletedModelList> {
    return this.readModel.list(actorId, params, this.clock.now());
  }
}
