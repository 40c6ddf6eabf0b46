import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PgTeamReadModel } from '../../adapters/pg-team.read-model';
import { ListMembersQuery, MemberList } from './list-members.query';

/** The members of a team (active and pending), with their accounts; for its active members only. */
@QueryHandler(ListMembersQuery)
export class ListMembersHandler implements IQueryHandler<ListMembersQuery, MemberList> {
  constructor(private readonly readModel: PgTeamReadModel) {}

  execute({ actorId, query }: ListMembersQuery): Promise<MemberList> {
    return this.readModel.listMembers(actorId, query);
  }
}
