import { Query } from '@nestjs/cqrs';
import { ModelAccessibility } from '@kiln/contracts';

/** GET /api/workspace/model/accessibility/{id}: the caller's role and what it lets them do. */
export class GetModelAccessibilityQuery extends Query<ModelAccessibility> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
