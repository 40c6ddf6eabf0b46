import { Command } from '@nestjs/cqrs';
import { CreateModelBody } from '@kiln/contracts';
import { ModelState } from '@kiln/domain';
import { IdempotencyClaim } from '@kiln/service-kit';

/** What a model command committed: the model's state after it, and the events it wrote. */
export interface ModelChange {
  model: ModelState;
  eventIds: string[];
}

export class CreateModelCommand extends Command<ModelChange> {
  constructor(
    readonly actorId: string,
    readonly body: CreateModelBody,
    /** The client's Idempotency-Key, claimed in the same transaction as the new model. */
    readonly idempotency?: Omit<IdempotencyClaim, 'resourceId'>,
  ) {
    super();
  }
}
