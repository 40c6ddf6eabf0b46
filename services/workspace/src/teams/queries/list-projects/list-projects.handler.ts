import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PgTeamReadModel } from '../../adapters/pg-team.read-model';
import { ListProjectsQuery, ProjectList } from './list-projects.query';

/** The projects of a team, for its active members only. */
@QueryHandler(ListProjectsQuery)
export class ListProjectsHandler implements IQueryHandler<ListProjectsQuery, ProjectList> {
  constructor(private readonly readModel: PgTeamReadModel) {}

  execute({ actorId, teamId }: ListProjectsQuery): Promise<ProjectList> {
    return this.readModel.listProjects(actorId, teamId);
  }
}
