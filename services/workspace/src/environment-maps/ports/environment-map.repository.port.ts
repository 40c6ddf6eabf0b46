import { EnvironmentMapAggregate } from '@kiln/domain';
import { EventMeta } from '@kiln/service-kit';

export const ENVIRONMENT_MAP_REPOSITORY = Symbol('EnvironmentMapRepository');

export interface EnvironmentMapRepository {
  findById(id: string): Promise<EnvironmentMapAggregate | null>;
  /** Writes the scene's new state and its events (outbox) in one transaction; returns the event ids (409 when changed meanwhile). */
  save(map: EnvironmentMapAggregate, meta: EventMeta): Promise<string[]>;
}
