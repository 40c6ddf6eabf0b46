import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Project } from '@kiln/contracts';
import { PgTeamReadModel } from '../../adapters/pg-team.read-model';

type ProjectList = { data: Project[]; total: number };

export class ListProjectsQuery extends Query<ProjectList> {
  constructor(readonly actorId: string, readonly teamId: string) {
    super();
  }
}

/** The projects of a team, for its active members only. */
@QueryHandler(ListProjectsQuery)
export class ListProjectsHandler implements IQueryHandler<ListProjectsQuery, ProjectList> {
  constructor(private readonly readModel: PgTeamReadModel) {}

  execute({ actorId, teamId }: ListProjectsQuery): Promise<ProjectList> {
    return this.readModel.listProjects(actorId, teamId);
  }
}
