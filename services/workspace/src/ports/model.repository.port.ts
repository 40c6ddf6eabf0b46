import { ModelAggregate } from '@kiln/domain';
import { EventMeta } from '@kiln/service-kit';

export const MODEL_REPOSITORY = Symbol('ModelRepository');

export interface ModelRepository {
  findById(id: string): Promise<ModelAggregate | null>;
  /** Writes the model's new state and its events (outbox) in one transaction; returns the event ids. */
  save(model: ModelAggregate, meta: EventMeta): Promise<string[]>;
}
