import { DomainEvent } from '../shared/domain-event';
import {
  assertCommunityItemEditable,
  assertCommunityItemRejectable,
  CommunityActor,
  CommunityFiles,
  CommunityItemFacts,
  CommunityKind,
  communityItemReadable,
  keepFiles,
} from './community-item';

/** What every texture's and scene's state has (the rest is the kind's own). */
export interface CommunityItemState extends CommunityItemFacts {
  id: string;
  tags: string[];
  files: CommunityFiles;
  updatedAt: Date;
  version: number;
}

/** The events' names: `workspace.texture.updated.v1`, `workspace.environment-map.rejected.v1`… */
type Verb = 'created' | 'updated' | 'rejected' | 'deleted';

/** The key of the state in an event's data, by kind (`{ texture }`, `{ environmentMap }`). */
const STATE_KEY: Record<CommunityKind, string> = { texture: 'texture', 'environment-map': 'environmentMap' };

/**
 * What a texture and a scene do alike (spec 001 §4, §6; ADR 0061), written once: publishing and withdrawing
 * in an update, a moderator's rejection, the deletion, the version and the events. A kind adds its fields,
 * their rules, its creation and how its state is copied. Pure.
 */
export abstract class CommunityItemAggregate<S extends CommunityItemState, E extends DomainEvent> {
  private events: E[] = [];
  private deleted = false;
  readonly loadedVersion: number;

  protected constructor(
    private readonly kind: CommunityKind,
    protected state: S,
    isNew: boolean,
  ) {
    this.loadedVersion = isNew ? 0 : state.version;
  }

  /** A copy of a state that shares nothing mutable with it. */
  protected abstract clone(state: S): S;

  /** The uploads the state uses (what its files are kept for). */
  protected abstract mediaIds(state: S): string[];

  readable(actor: CommunityActor): boolean {
    return communityItemReadable(this.state, actor);
  }

  /**
   * The end of the author's edit, once the kind has checked its fields into `changes`: publishing sets
   * publishedAt, withdrawing clears it; the files of the uploads it uses are kept; nothing when nothing changed.
   */
  protected applyUpdate(changes: Partial<S>, publish: boolean | undefined, now: Date, files: CommunityFiles): void {
    if (publish !== undefined && publish !== this.state.public) {
      changes.public = publish;
      changes.publishedAt = publish ? now : null;
    }
    const next = { ...this.state, ...changes };
    changes.files = next.files = keepFiles(this.mediaIds(next), files, this.state.files);
    if (JSON.stringify(comparable(next)) === JSON.stringify(comparable(this.state))) return;
    this.touch(changes, now);
    this.record('updated');
  }

  /** The author may edit it now (spec 001 §6): a public one only within its 24 hours (403 after). */
  protected assertEditable(actor: CommunityActor, now: Date): void {
    assertCommunityItemEditable(this.kind, this.state, actor, now);
  }

  /** A moderator rejects a public item within its 24 hours: it is private again (publishedAt cleared). */
  reject(actor: CommunityActor, reason: string | null, now: Date): void {
    assertCommunityItemRejectable(this.kind, this.state, actor, now);
    this.touch({ public: false, publishedAt: null } as Partial<S>, now);
    this.record('rejected', { moderatorId: actor.userId, reason: reason?.trim() || null });
  }

  delete(actor: CommunityActor, now: Date): void {
    this.assertEditable(actor, now);
    this.deleted = true;
    this.touch({}, now);
    this.record('deleted');
  }

  get isDeleted(): boolean {
    return this.deleted;
  }

  snapshot(): S {
    return this.clone(this.state);
  }

  pullEvents(): E[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private touch(changes: Partial<S>, now: Date): void {
    this.state = { ...this.state, ...changes, updatedAt: now, version: this.state.version + 1 };
  }

  /** An event of this item, its data the state as it is now (and `more`). */
  protected record(verb: Verb, more: Record<string, unknown> = {}): void {
    const data = { [STATE_KEY[this.kind]]: this.snapshot(), ...more };
    this.events.push({ type: `workspace.${this.kind}.${verb}.v1`, aggregateType: this.kind, aggregateId: this.state.id, data } as unknown as E);
  }
}

function comparable(state: CommunityItemState): unknown {
  const { updatedAt: _u, version: _v, ...rest } = state;
  return rest;
}
