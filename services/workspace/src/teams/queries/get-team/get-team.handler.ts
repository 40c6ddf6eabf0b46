import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Team } from '@kiln/contracts';
import { PgTeamReadModel } from '../../adapters/pg-team.read-model';
import { GetTeamQuery } from './get-team.query';

/** One team of mine with its projects; anyone else gets 403 'You don’t have access to this team!'. */
@QueryHandler(GetTeamQuery)
export class GetTeamHandler implements IQueryHandler<GetTeamQuery, Team> {
  constructor(private readonly readModel: PgTeamReadModel) {}

  execute({ actorId, teamId }: GetTeamQuery): Promise<Team> {
    return this.readModel.get(actorId, teamId);
  }
}
