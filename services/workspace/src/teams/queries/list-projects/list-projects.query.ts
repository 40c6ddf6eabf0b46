import { Query } from '@nestjs/cqrs';
import { Project } from '@kiln/contracts';

export type ProjectList = { data: Project[]; total: number };

export class ListProjectsQuery extends Query<ProjectList> {
  constructor(
    readonly actorId: string,
    readonly teamId: string,
  ) {
    super();
  }
}
