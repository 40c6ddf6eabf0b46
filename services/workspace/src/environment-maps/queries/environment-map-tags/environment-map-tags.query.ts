import { Query } from '@nestjs/cqrs';
import { CommunityTagsQuery, DistinctTags } from '@kiln/contracts';

export class EnvironmentMapTagsQuery extends Query<DistinctTags> {
  constructor(
    readonly actorId: string,
    readonly params: CommunityTagsQuery,
  ) {
    super();
  }
}
