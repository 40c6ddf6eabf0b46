import { Query } from '@nestjs/cqrs';
import { ModelComponents } from '@kiln/contracts';

/** GET /api/workspace/model/{id}/components (ADR 0054): the components a model uses, for the screen that chooses them. */
export class GetModelComponentsQuery extends Query<ModelComponents> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
