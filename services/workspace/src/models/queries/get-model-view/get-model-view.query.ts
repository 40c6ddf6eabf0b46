import { Query } from '@nestjs/cqrs';
import { ModelViewSource } from '@kiln/contracts';

/** What the viewer and /embed/{id} may show of a model (ADR 0054); `actorId` is '' for an anonymous caller. */
export class GetModelViewQuery extends Query<ModelViewSource> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
