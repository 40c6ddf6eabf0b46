import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { TeamMember } from '@kiln/contracts';
import { PgTeamReadModel } from '../../adapters/pg-team.read-model';

type MemberList = { data: TeamMember[]; total: number };

export class ListMembersQuery extends Query<MemberList> {
  constructor(readonly actorId: string, readonly query: { where: { teamId: string }; skip: number; limit: number }) {
    super();
  }
}

/** The members of a team (active and pending), with their accounts; for its active members only. */
@QueryHandler(ListMembersQuery)
export class ListMembersHandler implements IQueryHandler<ListMembersQuery, MemberList> {
  constructor(private readonly readModel: PgTeamReadModel) {}

  execute({ actorId, query }: ListMembersQuery): Promise<MemberList> {
    return this.readModel.listMembers(actorId, query);
  }
}
