import { Query } from '@nestjs/cqrs';
import { TeamMember } from '@kiln/contracts';

export type MemberList = { data: TeamMember[]; total: number };

export class ListMembersQuery extends Query<MemberList> {
  constructor(
    readonly actorId: string,
    readonly query: { where: { teamId: string }; skip: number; limit: number },
  ) {
    super();
  }
}
