import { DomainError } from '../shared/domain-error';
import { DomainEvent } from '../shared/domain-event';

export const FAVORITE_MESSAGES = { notFound: 'Favorite not found.' } as const;

/** A model someone starred (spec 000 §3 "Favorite"). Whether they may see the model is the model's policy. */
export interface FavoriteState {
  id: string;
  userId: string;
  modelId: string;
  createdAt: Date;
}

export type FavoriteEvent =
  DomainEvent<'workspace.favorite.added.v1', { favorite: FavoriteState }> | DomainEvent<'workspace.favorite.removed.v1', { favorite: FavoriteState }>;

export class FavoriteAggregate {
  private events: FavoriteEvent[] = [];
  private removed = false;

  private constructor(
    private readonly state: FavoriteState,
    /** Not stored yet: the repository inserts it. */
    readonly isNew = false,
  ) {}

  static add(input: { id: string; userId: string; modelId: string; now: Date }): FavoriteAggregate {
    const favorite = new FavoriteAggregate({ id: input.id, userId: input.userId, modelId: input.modelId, createdAt: input.now }, true);
    favorite.record('workspace.favorite.added.v1');
    return favorite;
  }

  static restore(state: FavoriteState): FavoriteAggregate {
    return new FavoriteAggregate({ ...state });
  }

  /** Only its own person removes a favorite; anyone else is told it does not exist. */
  remove(actorId: string): void {
    if (actorId !== this.state.userId) throw new DomainError('not-found', FAVORITE_MESSAGES.notFound);
    this.end();
  }

  /** The model went away. */
  endWithModel(): void {
    this.end();
  }

  get isRemoved(): boolean {
    return this.removed;
  }

  snapshot(): FavoriteState {
    return { ...this.state };
  }

  pullEvents(): FavoriteEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private end(): void {
    if (this.removed) return;
    this.removed = true;
    this.record('workspace.favorite.removed.v1');
  }

  private record(type: FavoriteEvent['type']): void {
    this.events.push({ type, aggregateType: 'favorite', aggregateId: this.state.id, data: { favorite: this.snapshot() } });
  }
}
