import { ModelAggregate } from '@kiln/domain';
import { EventMeta } from '@kiln/service-kit';

export const MODEL_REPOSITORY = Symbol('ModelRepository');

export interface ModelRepository {
  findById(id: string): Promise<ModelAggregate | null>;
  /** A model in "Recently deleted" (ADR 0048), as `ModelAggregate.fromTrash`; null when there is none. */
  findDeleted(id: string): Promise<ModelAggregate | null>;
  /**
   * Writes the model's new state and its events (outbox) in one transaction; returns the event ids. A
   * deleted model moves to "Recently deleted" with its shares and favorites.
   */
  save(model: ModelAggregate, meta: EventMeta): Promise<string[]>;
  /** Moves a model restored with `undelete` back from "Recently deleted", with the shares and favorites it had. */
  restore(model: ModelAggregate, meta: EventMeta): Promise<RestoredEventIds>;
}

/** The events of a restore: the model's, and those of the shares and favorites it got back. */
export interface RestoredEventIds {
  eventIds: string[];
  shareEventIds: string[];
  favoriteEventIds: string[];
}
