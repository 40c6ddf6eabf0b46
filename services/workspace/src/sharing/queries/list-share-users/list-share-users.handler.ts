import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ShareUserList } from '@kiln/contracts';
import { z } from 'zod';
import { PgSharingReadModel } from '../../adapters/pg-sharing.read-model';
import { ListShareUsersQuery } from './list-share-users.query';

@QueryHandler(ListShareUsersQuery)
export class ListShareUsersHandler implements IQueryHandler<ListShareUsersQuery, z.input<typeof ShareUserList>> {
  constructor(private readonly readModel: PgSharingReadModel) {}

  execute({ actorId }: ListShareUsersQuery) {
    return this.readModel.shareUsers(actorId);
  }
}
