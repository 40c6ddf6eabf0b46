import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PgTeamReadModel } from '../../adapters/pg-team.read-model';
import { ListMyTeamsQuery, TeamList } from './list-my-teams.query';

/** The teams I am an active member of (pending invites are not mine yet), with projects and my role. */
@QueryHandler(ListMyTeamsQuery)
export class ListMyTeamsHandler implements IQueryHandler<ListMyTeamsQuery, TeamList> {
  constructor(private readonly readModel: PgTeamReadModel) {}

  execute({ actorId }: ListMyTeamsQuery): Promise<TeamList> {
    return this.readModel.listMine(actorId);
  }
}
