import { ComponentAggregate } from '@kiln/domain';
import { EventMeta } from '@kiln/service-kit';

export const COMPONENT_REPOSITORY = Symbol('ComponentRepository');

export interface ComponentRepository {
  findById(id: string): Promise<ComponentAggregate | null>;
  /**
   * Writes the component's new state and its events (outbox) in one transaction; returns the event ids.
   * A deletion is refused (409, the spec's sentence) when a model came to use the component meanwhile.
   */
  save(component: ComponentAggregate, meta: EventMeta): Promise<string[]>;
  /** How many models use the component (`component_usages`). */
  usedBy(componentId: string): Promise<number>;
}

export const COMPONENT_USAGES = Symbol('ComponentUsages');

/**
 * Which components a model uses: the model side records them here when a model takes components (issue
 * 18, "A model you can see"), so the used count is true and a used component cannot be deleted.
 */
export interface ComponentUsages {
  /** The model now uses exactly these components (earlier ones it no longer lists are forgotten). */
  setUsedBy(modelId: string, componentIds: readonly string[], at: Date): Promise<void>;
  /** The components the model uses now, by id. */
  usedByModel(modelId: string): Promise<string[]>;
}
