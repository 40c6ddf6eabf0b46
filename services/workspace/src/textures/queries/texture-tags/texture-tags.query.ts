import { Query } from '@nestjs/cqrs';
import { CommunityTagsQuery, DistinctTags } from '@kiln/contracts';

export class TextureTagsQuery extends Query<DistinctTags> {
  constructor(
    readonly actorId: string,
    readonly params: CommunityTagsQuery,
  ) {
    super();
  }
}
