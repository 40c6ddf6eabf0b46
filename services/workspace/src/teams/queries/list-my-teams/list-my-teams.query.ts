import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Team } from '@kiln/contracts';
import { PgTeamReadModel } from '../../adapters/pg-team.read-model';

type TeamList = { data: Team[]; total: number };

export class ListMyTeamsQuery extends Query<TeamList> {
  constructor(readonly actorId: string) {
    super();
  }
}

/** The teams I am an active member of (pending invites are not mine yet), with projects and my role. */
@QueryHandler(ListMyTeamsQuery)
export class ListMyTeamsHandler implements IQueryHandler<ListMyTeamsQuery, TeamList> {
  constructor(private readonly readModel: PgTeamReadModel) {}

  execute({ actorId }: ListMyTeamsQuery): Promise<TeamList> {
    return this.readModel.listMine(actorId);
  }
}
