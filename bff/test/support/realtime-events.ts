import { ModelSnapshot, ModelShareSnapshot, TeamSnapshot, WorkspaceEvent } from '@kiln/contracts';
import { randomBytes } from 'node:crypto';

/** Contract-valid workspace events for the realtime tests, as the workspace service would publish them. */
export const anId = () => randomBytes(12).toString('hex');
const now = () => new Date().toISOString();

type Type = WorkspaceEvent['type'];
export type EventOf<T extends Type> = Extract<WorkspaceEvent, { type: T }>;

/** An envelope around `data`, checked against the contract (a test event that would not parse proves nothing). */
export function anEvent<T extends Type>(
  type: T,
  aggregateType: string,
  aggregateId: string,
  data: EventOf<T>['data'],
  actorId: string | null = null,
): EventOf<T> {
  return WorkspaceEvent.parse({
    eventId: anId(),
    type,
    aggregateType,
    aggregateId,
    occurredAt: now(),
    actorId,
    correlationId: anId(),
    causationId: null,
    data,
  }) as EventOf<T>;
}

export function aModelSnapshot(overrides: Partial<ModelSnapshot> & { authorId: string }): ModelSnapshot {
  const at = now();
  return {
    id: anId(),
    name: 'Live gear',
    description: '',
    contributorId: overrides.authorId,
    teamId: null,
    projectId: null,
    productId: null,
    publishedAt: null,
    sharedWithEveryone: 'private',
    hidden: false,
    createdAt: at,
    updatedAt: at,
    version: 1,
    ...overrides,
  };
}

export const modelEvent = (type: 'workspace.model.created.v1' | 'workspace.model.renamed.v1' | 'workspace.model.deleted.v1', model: ModelSnapshot) =>
  anEvent(type, 'model', model.id, type === 'workspace.model.renamed.v1' ? { model, previousName: 'Before' } : { model }, model.authorId);

type Role = 'owner' | 'editor' | 'viewer';
interface MemberFact {
  id: string;
  userId: string | null;
  role: Role;
  status: 'active' | 'pending';
  createdAt: string;
}

/** One team's life as events, each raising the team's version by one, as the TeamAggregate does. */
export class TeamStory {
  readonly team: TeamSnapshot;
  private readonly members = new Map<string, MemberFact>();

  constructor(readonly ownerId: string) {
    const at = now();
    this.team = { id: anId(), name: 'Live team', description: '', color: '#336699', ownerId, createdAt: at, updatedAt: at, version: 0 };
  }

  private next(): TeamSnapshot {
    this.team.version += 1;
    this.team.updatedAt = now();
    return { ...this.team };
  }

  memberOf(userId: string): MemberFact {
    const member = [...this.members.values()].find((m) => m.userId === userId);
    if (!member) throw new Error(`${userId} is no member`);
    return member;
  }

  created() {
    const owner: MemberFact = { id: anId(), userId: this.ownerId, role: 'owner', status: 'active', createdAt: now() };
    this.members.set(owner.id, owner);
    return anEvent('workspace.team.created.v1', 'team', this.team.id, { team: this.next(), owner }, this.ownerId);
  }

  updated(name: string) {
    this.team.name = name;
    return anEvent('workspace.team.updated.v1', 'team', this.team.id, { team: this.next() }, this.ownerId);
  }

  /** Active at once when `userId` is given (the e-mail had an account), else pending. */
  invited(userId: string | null, role: Role) {
    const member: MemberFact = { id: anId(), userId, role, status: userId ? 'active' : 'pending', createdAt: now() };
    this.members.set(member.id, member);
    return anEvent(
      'workspace.team.member-invited.v1',
      'team',
      this.team.id,
      { team: this.next(), member: { ...member }, invitedBy: this.ownerId },
      this.ownerId,
    );
  }

  joined(memberId: string, userId: string) {
    const member = this.members.get(memberId)!;
    Object.assign(member, { userId, status: 'active' });
    return anEvent('workspace.team.member-joined.v1', 'team', this.team.id, { team: this.next(), member: { ...member } }, null);
  }

  roleChanged(userId: string, role: Role) {
    const member = this.memberOf(userId);
    const previousRole = member.role;
    member.role = role;
    return anEvent('workspace.team.member-role-changed.v1', 'team', this.team.id, { team: this.next(), member: { ...member }, previousRole }, this.ownerId);
  }

  removed(userId: string) {
    const member = this.memberOf(userId);
    this.members.delete(member.id);
    return anEvent(
      'workspace.team.member-removed.v1',
      'team',
      this.team.id,
      { team: this.next(), member: { ...member }, removedBy: this.ownerId },
      this.ownerId,
    );
  }

  projectCreated(name = 'Live project') {
    const at = now();
    return anEvent(
      'workspace.team.project-created.v1',
      'team',
      this.team.id,
      { team: this.next(), project: { id: anId(), name, description: '', createdAt: at, updatedAt: at } },
      this.ownerId,
    );
  }

  deleted() {
    const memberUserIds = [...this.members.values()].flatMap((m) => (m.userId ? [m.userId] : []));
    return anEvent('workspace.team.deleted.v1', 'team', this.team.id, { team: this.next(), memberUserIds }, this.ownerId);
  }
}

/** One share's life as events (created, role changed, removed), its version growing with each. */
export class ShareStory {
  readonly share: ModelShareSnapshot;

  constructor(model: { id: string; authorId: string }, userId: string | null, role: ModelShareSnapshot['role']) {
    const at = now();
    this.share = { id: anId(), modelId: model.id, ownerId: model.authorId, userId, role, sharedById: model.authorId, createdAt: at, updatedAt: at, version: 1 };
  }

  private next(changes: Partial<ModelShareSnapshot> = {}): ModelShareSnapshot {
    Object.assign(this.share, changes, { updatedAt: now() });
    return { ...this.share };
  }

  created() {
    return anEvent('workspace.model-share.created.v1', 'model-share', this.share.id, { share: { ...this.share } }, this.share.ownerId);
  }

  activated(userId: string) {
    return anEvent('workspace.model-share.activated.v1', 'model-share', this.share.id, { share: this.next({ userId, version: this.share.version + 1 }) }, null);
  }

  roleChanged(role: ModelShareSnapshot['role']) {
    const previousRole = this.share.role;
    return anEvent(
      'workspace.model-share.role-changed.v1',
      'model-share',
      this.share.id,
      { share: this.next({ role, version: this.share.version + 1 }), previousRole },
      this.share.ownerId,
    );
  }

  removed() {
    return anEvent(
      'workspace.model-share.removed.v1',
      'model-share',
      this.share.id,
      { share: this.next({ version: this.share.version + 1 }), removedBy: this.share.ownerId },
      this.share.ownerId,
    );
  }
}
