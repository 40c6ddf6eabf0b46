import { Query } from '@nestjs/cqrs';
import { MaterialTree } from '@kiln/contracts';

/** My materials (or a team's / project's) by class and shape family. */
export class MaterialTreeQuery extends Query<MaterialTree> {
  constructor(
    readonly actorId: string,
    readonly where?: { teamId?: string | null; projectId?: string | null },
  ) {
    super();
  }
}
