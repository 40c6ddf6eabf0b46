import { Command } from '@nestjs/cqrs';
import { ProjectState } from '@kiln/domain';
import { TeamChange } from '../../team-change';

export class DeleteProjectCommand extends Command<TeamChange<ProjectState>> {
  constructor(
    readonly actorId: string,
    readonly projectId: string,
  ) {
    super();
  }
}
