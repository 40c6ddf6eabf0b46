import { Query } from '@nestjs/cqrs';
import { Team } from '@kiln/contracts';

export class GetTeamQuery extends Query<Team> {
  constructor(
    readonly actorId: string,
    readonly teamId: string,
  ) {
    super();
  }
}
