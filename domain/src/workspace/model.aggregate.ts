import { ASSET_ITEM_MESSAGES, COMMON_MESSAGES, COMPONENT_MESSAGES, MODEL_COMPONENT_MESSAGES, MODEL_GEOMETRY_MESSAGES } from '@kiln/contracts/constants';
import { DomainError } from '../shared/domain-error';
import { DomainEvent } from '../shared/domain-event';
import { DUPLICATE_NAME_PREFIX, modelNameProblems } from './model-name';
import { ModelRole } from './model-permissions';
import { SHARE_MESSAGES } from './model-share.aggregate';
import { EVERYONE_ACCESS, ModelAction, modelAllows, modelRoleFor, ShareRole, TeamRole } from './policy';

export type ShareAs = 'private' | 'viewer' | 'editor' | 'configurator' | 'inspector';

/** A change of the model (its description, geometry, components) refused to a role that may not (viewer, inspector). */
export const MODEL_CHANGE_REFUSED = 'You may not change this model.';

/**
 * Who acts on a model, with the grants the service looked up for them: their active role in the model's
 * team and the role the model was shared with them. A bare user id knows only authorship (and the link).
 */
export interface ModelActor {
  userId: string;
  teamRole?: TeamRole | null;
  shareRole?: ShareRole | null;
}
export type ModelActorLike = string | ModelActor;
const asActor = (actor: ModelActorLike): ModelActor => (typeof actor === 'string' ? { userId: actor } : actor);

/** How a caller holds a model: the grant that gave them their role (first one, when several give it). */
export type ModelAccessVia = 'author' | 'team' | 'share' | 'everyone';

/** Where a model's geometry comes from (ADR 0054): a 3D object of its scope and that object's uploaded file. */
export interface ModelGeometryState {
  object3dId: string;
  mediaId: string;
}

/** A 3D object as a model's geometry source is checked against the model: its scope and file. */
export interface GeometrySource {
  id: string;
  mediaId: string;
  authorId: string;
  teamId: string | null;
  projectId: string | null;
}

/**
 * Whether a 3D object is of a model's scope (ADR 0054): the same team and project, or, for a personal model,
 * the personal 3D objects of the model's author.
 */
export function geometrySourceFits(model: Pick<ModelState, 'authorId' | 'teamId' | 'projectId'>, source: Omit<GeometrySource, 'id' | 'mediaId'>): boolean {
  if (model.teamId) return source.teamId === model.teamId && (source.projectId ?? null) === (model.projectId ?? null);
  return source.teamId === null && source.projectId === null && source.authorId === model.authorId;
}

/**
 * Whether the caller may see a 3D object they name as a geometry source: their own personal one, or one of a
 * team they are an active member of (any role reads a team's assets). Otherwise it is "not found" to them.
 */
export function geometrySourceVisibleTo(source: Pick<GeometrySource, 'authorId' | 'teamId'>, actor: { userId: string; teamRole?: TeamRole | null }): boolean {
  return source.teamId ? actor.teamRole != null : source.authorId === actor.userId;
}

export interface ModelState {
  id: string;
  name: string;
  description: string;
  authorId: string;
  contributorId: string | null;
  teamId: string | null;
  projectId: string | null;
  productId: string | null;
  publishedAt: Date | null;
  sharedWithEveryone: ShareAs;
  hidden: boolean;
  /** Its geometry (ADR 0054); absent (none) in states older than it. */
  geometry?: ModelGeometryState | null;
  createdAt: Date;
  updatedAt: Date;
  /** Optimistic concurrency: bumped by every change. */
  version: number;
}

export type ModelEvent =
  | DomainEvent<'workspace.model.created.v1', { model: ModelState; duplicatedFrom?: string }>
  | DomainEvent<'workspace.model.renamed.v1', { model: ModelState; previousName: string }>
  | DomainEvent<'workspace.model.description-changed.v1', { model: ModelState }>
  | DomainEvent<'workspace.model.deleted.v1', { model: ModelState }>
  | DomainEvent<'workspace.model.restored.v1', { model: ModelState }>
  | DomainEvent<'workspace.model.shared-with-everyone-changed.v1', { model: ModelState }>
  | DomainEvent<'workspace.model.product-changed.v1', { model: ModelState }>
  | DomainEvent<'workspace.model.geometry-changed.v1', { model: ModelState }>;

/** How long a deleted model stays in "Recently deleted" and can be restored; after that it is gone (ADR 0048). */
export const MODEL_RESTORE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const MODEL_RESTORE_MESSAGES = {
  onlyOwner: 'Only the owner may restore this model.',
  expired: `This model was deleted more than ${MODEL_RESTORE_DAYS} days ago and cannot be restored.`,
  notDeleted: 'This model is not deleted, so there is nothing to restore.',
} as const;

/** The last moment a model deleted at `deletedAt` can be restored. */
export function restorableUntil(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + MODEL_RESTORE_DAYS * DAY_MS);
}

/** The earliest deletion time still restorable at `now`. */
export function restoreWindowStart(now: Date): Date {
  return new Date(now.getTime() - MODEL_RESTORE_DAYS * DAY_MS);
}

/** Whole days left to restore (rounded up; 0 once the window has passed). */
export function daysLeftToRestore(deletedAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((restorableUntil(deletedAt).getTime() - now.getTime()) / DAY_MS));
}

/** The default name of a duplicate (spec 000 §9); the service clips it to the longest name allowed. */
export function duplicateName(name: string): string {
  return `${DUPLICATE_NAME_PREFIX}${name}`;
}

/** `modelRoleFor` and the grant the winning role came from (author, team, share, then the link). */
export function modelAccessFor(grants: Parameters<typeof modelRoleFor>[0]): { role: ModelRole; via: ModelAccessVia } | null {
  const role = modelRoleFor(grants);
  if (!role) return null;
  const teamRole = grants.teamRole ? modelRoleFor({ isAuthor: false, teamRole: grants.teamRole }) : null;
  const via: ModelAccessVia = grants.isAuthor ? 'author' : teamRole === role ? 'team' : grants.shareRole === role ? 'share' : 'everyone';
  return { role, via };
}

function assertValidName(name: string): string {
  const problems = modelNameProblems(name);
  if (problems.length)
    throw new DomainError(
      'invalid',
      problems[0],
      problems.map((message) => ({ path: 'name', message })),
    );
  return name.trim();
}

/** A 3D model in someone's workspace. Pure: ids and clocks come in as parameters. */
export class ModelAggregate {
  private events: ModelEvent[] = [];
  private deleted = false;
  /** Set when loaded out of "Recently deleted" (`fromTrash`), cleared by `undelete`. */
  private deletedAt: Date | null = null;
  private undeleted = false;

  /** The version stored when loaded (0 for a new model): the repository's optimistic-concurrency check. */
  readonly loadedVersion: number;

  private constructor(
    private state: ModelState,
    isNew = false,
  ) {
    this.loadedVersion = isNew ? 0 : state.version;
  }

  static create(input: { id: string; name: string; authorId: string; teamId?: string | null; projectId?: string | null; now: Date }): ModelAggregate {
    if (input.projectId && !input.teamId)
      throw new DomainError('invalid', 'A project model needs its team.', [{ path: 'teamId', message: 'A project model needs its team.' }]);
    const model = new ModelAggregate(
      {
        id: input.id,
        name: assertValidName(input.name),
        description: '',
        authorId: input.authorId,
        contributorId: input.authorId,
        teamId: input.teamId ?? null,
        projectId: input.projectId ?? null,
        productId: null,
        publishedAt: null,
        sharedWithEveryone: 'private',
        hidden: false,
        createdAt: input.now,
        updatedAt: input.now,
        version: 1,
      },
      true,
    );
    model.record('workspace.model.created.v1', { model: model.snapshot() });
    return model;
  }

  static restore(state: ModelState): ModelAggregate {
    return new ModelAggregate({ ...state });
  }

  /** A deleted model as "Recently deleted" keeps it (its last state and when it went), to be restored. */
  static fromTrash(state: ModelState, deletedAt: Date): ModelAggregate {
    const model = new ModelAggregate({ ...state });
    model.deletedAt = deletedAt;
    return model;
  }

  /** The caller's role on this model, from the policy table (ADR 0017, 0020); null when they have none. */
  roleOf(actor: ModelActorLike): ModelRole | null {
    return this.access(actor)?.role ?? null;
  }

  /** The caller's role and the grant it came from, or null. A team role counts only on a team's model. */
  access(actor: ModelActorLike): { role: ModelRole; via: ModelAccessVia } | null {
    const { userId, teamRole, shareRole } = asActor(actor);
    return modelAccessFor({
      isAuthor: userId === this.state.authorId,
      teamRole: this.state.teamId ? teamRole : null,
      shareRole,
      everyone: this.state.sharedWithEveryone,
    });
  }

  /** Someone without any role must not learn the model exists: same answer as a missing model. */
  assertVisibleTo(actor: ModelActorLike): ModelRole {
    const role = this.roleOf(actor);
    if (!role) throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
    return role;
  }

  /** 404 without a role, 403 with a role the policy does not allow `action` to. */
  assertAllowed(actor: ModelActorLike, action: ModelAction, refusal: string): ModelRole {
    const role = this.assertVisibleTo(actor);
    if (!modelAllows(role, action)) throw new DomainError('forbidden', refusal);
    return role;
  }

  rename(name: string, actor: ModelActorLike, now: Date): void {
    this.assertAllowed(actor, 'model.rename', 'You may not rename this model.');
    const next = assertValidName(name);
    if (next === this.state.name) return;
    const previousName = this.state.name;
    this.touch({ name: next }, asActor(actor).userId, now);
    this.record('workspace.model.renamed.v1', { model: this.snapshot(), previousName });
  }

  describe(description: string, actor: ModelActorLike, now: Date): void {
    this.assertAllowed(actor, 'model.rename', MODEL_CHANGE_REFUSED);
    if (description === this.state.description) return;
    this.touch({ description }, asActor(actor).userId, now);
    this.record('workspace.model.description-changed.v1', { model: this.snapshot() });
  }

  delete(actor: ModelActorLike, now: Date): void {
    this.assertAllowed(actor, 'model.delete', 'Only the owner may delete this model.');
    this.deleted = true;
    this.touch({}, asActor(actor).userId, now);
    this.record('workspace.model.deleted.v1', { model: this.snapshot() });
  }

  /**
   * Brings a deleted model back (ADR 0048): its author only, within MODEL_RESTORE_DAYS of the deletion.
   * Whoever deleted it without being its author is refused (403); anyone else is told it does not exist.
   */
  undelete(actor: ModelActorLike, now: Date): void {
    const { userId } = asActor(actor);
    if (!this.deletedAt) throw new DomainError('conflict', MODEL_RESTORE_MESSAGES.notDeleted);
    if (userId !== this.state.authorId) {
      if (userId === this.state.contributorId) throw new DomainError('forbidden', MODEL_RESTORE_MESSAGES.onlyOwner);
      throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
    }
    if (now.getTime() > restorableUntil(this.deletedAt).getTime()) throw new DomainError('gone', MODEL_RESTORE_MESSAGES.expired);
    this.deletedAt = null;
    this.undeleted = true;
    this.touch({}, userId, now);
    this.record('workspace.model.restored.v1', { model: this.snapshot() });
  }

  /** The 'Everyone' link access (spec 000 §6): private ("No Access") or a share role. Owner only. */
  shareWithEveryone(shareAs: ShareAs, actor: ModelActorLike, now: Date): void {
    this.assertAllowed(actor, 'model.share', SHARE_MESSAGES.ownerOnly);
    if (!EVERYONE_ACCESS.includes(shareAs)) throw new DomainError('invalid', 'Invalid access.', [{ path: 'shareAs', message: 'Invalid access.' }]);
    if (shareAs === this.state.sharedWithEveryone) return;
    this.touch({ sharedWithEveryone: shareAs }, asActor(actor).userId, now);
    this.record('workspace.model.shared-with-everyone-changed.v1', { model: this.snapshot() });
  }

  /**
   * Takes the geometry from a 3D object of this model's scope, or gives it up (`source` null); as changing
   * the model (ADR 0054). The service looks the object up as the caller may see it: one they may not see
   * comes in as `undefined` and is refused as not found; one of another scope is refused as invalid.
   */
  setGeometry(source: GeometrySource | null | undefined, actor: ModelActorLike, now: Date): void {
    this.assertAllowed(actor, 'model.rename', MODEL_CHANGE_REFUSED);
    if (source === undefined) throw new DomainError('not-found', ASSET_ITEM_MESSAGES.notFound.object3d);
    if (source && !geometrySourceFits(this.state, source))
      throw new DomainError('invalid', MODEL_GEOMETRY_MESSAGES.otherScope, [{ path: 'object3dId', message: MODEL_GEOMETRY_MESSAGES.otherScope }]);
    const next = source ? { object3dId: source.id, mediaId: source.mediaId } : null;
    const current = this.state.geometry ?? null;
    if (current?.object3dId === next?.object3dId && current?.mediaId === next?.mediaId) return;
    this.touch({ geometry: next }, asActor(actor).userId, now);
    this.record('workspace.model.geometry-changed.v1', { model: this.snapshot() });
  }

  /**
   * The components this model may record as used (ADR 0054, 0051), as changing the model: each one the caller
   * may see (an unseen or unknown one comes in as `undefined`: 404) and of the model's scope (else 400). The
   * ids, once each. Nothing of the model changes: the usages are the components' records.
   */
  componentsToUse(components: readonly (Pick<GeometrySource, 'id' | 'authorId' | 'teamId' | 'projectId'> | undefined)[], actor: ModelActorLike): string[] {
    this.assertAllowed(actor, 'model.rename', MODEL_CHANGE_REFUSED);
    if (components.some((c) => c === undefined)) throw new DomainError('not-found', COMPONENT_MESSAGES.notFound);
    if (components.some((c) => !geometrySourceFits(this.state, c!)))
      throw new DomainError('invalid', MODEL_COMPONENT_MESSAGES.otherScope, [{ path: 'componentIds', message: MODEL_COMPONENT_MESSAGES.otherScope }]);
    return [...new Set(components.map((c) => c!.id))];
  }

  /**
   * A copy in the caller's personal scope (spec 000 §2 Duplicate), named `name` or '(Duplicate) ' + this
   * model's name. It starts private, unshared and unpublished: only the name and description are copied.
   */
  duplicate(input: { id: string; name?: string; actor: ModelActorLike; now: Date }): ModelAggregate {
    this.assertAllowed(input.actor, 'model.duplicate', 'You may not duplicate this model.');
    const copy = ModelAggregate.create({
      id: input.id,
      name: input.name ?? duplicateName(this.state.name),
      authorId: asActor(input.actor).userId,
      now: input.now,
    });
    copy.state = { ...copy.state, description: this.state.description };
    copy.events = [];
    copy.record('workspace.model.created.v1', { model: copy.snapshot(), duplicatedFrom: this.state.id });
    return copy;
  }

  /**
   * The model's product changed in commerce (ADR 0022): `productId` and `publishedAt` follow it, so the menu
   * says Publish, Restore or Republish (spec 000 §4). A fact to follow, not a user's edit: nobody is checked,
   * and neither the contributor nor "Last modified" change.
   */
  followProduct(productId: string, publishedAt: Date | null): void {
    const same = this.state.productId === productId && (this.state.publishedAt?.getTime() ?? null) === (publishedAt?.getTime() ?? null);
    if (same) return;
    this.state = { ...this.state, productId, publishedAt, version: this.state.version + 1 };
    this.record('workspace.model.product-changed.v1', { model: this.snapshot() });
  }

  get isDeleted(): boolean {
    return this.deleted;
  }

  /** Restored out of "Recently deleted" since loaded: the repository moves it back. */
  get isUndeleted(): boolean {
    return this.undeleted;
  }

  snapshot(): ModelState {
    return { ...this.state };
  }

  /** The events recorded since the last call; the repository writes them to the outbox. */
  pullEvents(): ModelEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private touch(changes: Partial<ModelState>, actorId: string, now: Date): void {
    this.state = { ...this.state, ...changes, contributorId: actorId, updatedAt: now, version: this.state.version + 1 };
  }

  private record<E extends ModelEvent>(type: E['type'], data: E['data']): void {
    this.events.push({ type, aggregateType: 'model', aggregateId: this.state.id, data } as ModelEvent);
  }
}
