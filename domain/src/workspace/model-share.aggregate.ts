import { DomainError } from '../shared/domain-error';
import { DomainEvent } from '../shared/domain-event';
import { SHARE_ROLES, ShareRole } from './policy';
import { COMMON_MESSAGES } from '@kiln/contracts/constants';

/** Texts of sharing (spec 000 §5 for the e-mail; the others are ours, see ADR 0020). */
export const SHARE_MESSAGES = {
  invalidEmail: COMMON_MESSAGES.invalidEmail,
  invalidRole: 'Invite roles are viewer, editor, configurator and inspector.',
  withYourself: 'You cannot share a model with yourself.',
  withOwner: 'The owner already has every right on this model.',
  ownerOnly: 'Only the owner may share this model.',
  changeRole: 'Only the model’s owner may change this role.',
  remove: 'Only the model’s owner may remove this person.',
  notFound: 'Shared model not found.',
} as const;

/** Spec 000 §5: "E-mail for sharing must match a basic e-mail pattern". */
const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const invalid = (path: string, message: string) => new DomainError('invalid', message, [{ path, message }]);

/** The e-mail a share is keyed by: trimmed and lower-cased, or 400 'Invalid email'. */
export function shareEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!BASIC_EMAIL.test(email)) throw invalid('email', SHARE_MESSAGES.invalidEmail);
  return email;
}

function assertShareRole(role: string): ShareRole {
  if (!(SHARE_ROLES as readonly string[]).includes(role)) throw invalid('role', SHARE_MESSAGES.invalidRole);
  return role as ShareRole;
}

export interface ModelShareState {
  id: string;
  modelId: string;
  /** The model's author when it was shared. */
  ownerId: string;
  /** Null while the invited e-mail has no account (pending). */
  userId: string | null;
  email: string;
  role: ShareRole;
  sharedById: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

/** What events carry: everything but the e-mail, which stays in the state (ADR 0018). */
export type ModelShareSnapshot = Omit<ModelShareState, 'email'>;

export type ModelShareEvent =
  | DomainEvent<'workspace.model-share.created.v1', { share: ModelShareSnapshot }>
  | DomainEvent<'workspace.model-share.activated.v1', { share: ModelShareSnapshot }>
  | DomainEvent<'workspace.model-share.role-changed.v1', { share: ModelShareSnapshot; previousRole: ShareRole }>
  | DomainEvent<'workspace.model-share.removed.v1', { share: ModelShareSnapshot; removedBy: string | null }>;

/**
 * One person's access to one model, by e-mail (spec 000 §3 "Shared model"). Whether the caller may share
 * at all is the model's policy (`ModelAggregate.assertAllowed(actor, 'model.share')`); the handler passes
 * its verdict in as `mayShare`, so the rules of who changes or ends a share live here.
 */
export class ModelShareAggregate {
  private events: ModelShareEvent[] = [];
  private removed = false;
  readonly loadedVersion: number;

  private constructor(
    private state: ModelShareState,
    isNew = false,
  ) {
    this.loadedVersion = isNew ? 0 : state.version;
  }

  /**
   * Shares `modelId` with an e-mail. `userId` is that e-mail's account when there is one (active at once),
   * else null (pending until that person signs up). Nobody shares with themself or with the author.
   */
  static create(input: {
    id: string;
    modelId: string;
    ownerId: string;
    email: string;
    userId: string | null;
    role: string;
    sharedById: string;
    now: Date;
  }): ModelShareAggregate {
    const email = shareEmail(input.email);
    const role = assertShareRole(input.role);
    if (input.userId && input.userId === input.sharedById) throw invalid('email', SHARE_MESSAGES.withYourself);
    if (input.userId && input.userId === input.ownerId) throw invalid('email', SHARE_MESSAGES.withOwner);
    const share = new ModelShareAggregate(
      {
        id: input.id,
        modelId: input.modelId,
        ownerId: input.ownerId,
        userId: input.userId,
        email,
        role,
        sharedById: input.sharedById,
        createdAt: input.now,
        updatedAt: input.now,
        version: 1,
      },
      true,
    );
    share.record('workspace.model-share.created.v1', { share: share.eventSnapshot() });
    return share;
  }

  static restore(state: ModelShareState): ModelShareAggregate {
    return new ModelShareAggregate({ ...state });
  }

  /**
   * Only someone the model's policy lets share changes a role; the recipient may not, not even to lower
   * their own (they may leave instead; ADR 0020).
   */
  changeRole(role: string, mayShare: boolean, now: Date): void {
    if (!mayShare) throw new DomainError('forbidden', SHARE_MESSAGES.changeRole);
    const next = assertShareRole(role);
    if (next === this.state.role) return;
    const previousRole = this.state.role;
    this.touch({ role: next }, now);
    this.record('workspace.model-share.role-changed.v1', { share: this.eventSnapshot(), previousRole });
  }

  /** The invited e-mail signed up: the share becomes theirs. */
  activate(userId: string, now: Date): void {
    if (this.state.userId) return;
    this.touch({ userId }, now);
    this.record('workspace.model-share.activated.v1', { share: this.eventSnapshot() });
  }

  /** The owner removes the person, or the person leaves (spec 000 §6 "Leave always available"). */
  remove(actorId: string, mayShare: boolean, now: Date): void {
    if (!mayShare && actorId !== this.state.userId) throw new DomainError('forbidden', SHARE_MESSAGES.remove);
    this.end(actorId, now);
  }

  /** The model went away: the share ends with nobody's hand on it (`removedBy` null). */
  endWithModel(now: Date): void {
    this.end(null, now);
  }

  isRecipient(userId: string): boolean {
    return this.state.userId === userId;
  }

  get isRemoved(): boolean {
    return this.removed;
  }

  snapshot(): ModelShareState {
    return { ...this.state };
  }

  eventSnapshot(): ModelShareSnapshot {
    const { email: _email, ...rest } = this.state;
    return rest;
  }

  pullEvents(): ModelShareEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private end(removedBy: string | null, now: Date): void {
    this.removed = true;
    this.touch({}, now);
    this.record('workspace.model-share.removed.v1', { share: this.eventSnapshot(), removedBy });
  }

  private touch(changes: Partial<ModelShareState>, now: Date): void {
    this.state = { ...this.state, ...changes, updatedAt: now, version: this.state.version + 1 };
  }

  private record<E extends ModelShareEvent>(type: E['type'], data: E['data']): void {
    this.events.push({ type, aggregateType: 'model-share', aggregateId: this.state.id, data } as ModelShareEvent);
  }
}
