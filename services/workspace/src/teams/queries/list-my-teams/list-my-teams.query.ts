import { Query } from '@nestjs/cqrs';
import { Team } from '@kiln/contracts';

export type TeamList = { data: Team[]; total: number };

export class ListMyTeamsQuery extends Query<TeamList> {
  constructor(readonly actorId: string) {
    super();
  }
}
