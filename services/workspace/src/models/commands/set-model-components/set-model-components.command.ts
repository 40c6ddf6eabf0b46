import { Command } from '@nestjs/cqrs';
import { ModelComponents, SetModelComponentsBody } from '@kiln/contracts';

/** PATCH /api/workspace/model/{id}/components (ADR 0054): the components a model uses, recorded for their used count (ADR 0051). */
export class SetModelComponentsCommand extends Command<ModelComponents> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly changes: SetModelComponentsBody,
  ) {
    super();
  }
}
