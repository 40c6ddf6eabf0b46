import { Query } from '@nestjs/cqrs';
import { ModelShares } from '@kiln/contracts';

/** GET /api/workspace/model/share/{id}: the share dialog, for the model's owner. */
export class GetModelSharesQuery extends Query<ModelShares> {
  constructor(
    readonly actorId: string,
    readonly modelId: string,
  ) {
    super();
  }
}
