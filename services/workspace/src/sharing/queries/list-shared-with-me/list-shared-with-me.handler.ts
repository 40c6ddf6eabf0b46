import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SharedModelList } from '@kiln/contracts';
import { z } from 'zod';
import { PgSharingReadModel } from '../../adapters/pg-sharing.read-model';
import { ListSharedWithMeQuery } from './list-shared-with-me.query';

@QueryHandler(ListSharedWithMeQuery)
export class ListSharedWithMeHandler implements IQueryHandler<ListSharedWithMeQuery, z.input<typeof SharedModelList>> {
  constructor(private readonly readModel: PgSharingReadModel) {}

  execute({ actorId, params }: ListSharedWithMeQuery) {
    return this.readModel.sharedWithMe(actorId, params);
  }
}
