import { DomainError } from '../shared/domain-error';
import { DomainEvent } from '../shared/domain-event';
import { TEAM_INVITE_ROLES, TeamAction, teamAllows, TeamRole } from './policy';
import { COMMON_MESSAGES } from '@kiln/contracts/constants';

/** Spec texts (spec 000 §5, spec 001 §5). */
export const TEAM_MESSAGES = {
  nameTooShort: COMMON_MESSAGES.nameTooShort,
  required: COMMON_MESSAGES.required,
  invalidEmail: COMMON_MESSAGES.invalidEmail,
  notFound: 'Team not found.',
  noAccess: 'You don’t have access to this team!',
  alreadyMember: 'This person is already a member of the team.',
  ownerFixed: 'The owner’s role cannot be changed.',
  inviteRole: 'Invite roles are viewer and editor.',
  projectNotFound: 'Project not found.',
  memberNotFound: 'Member not found.',
  /** A viewer's change to a team's business record (ADR 0029). */
  businessViewOnly: 'You can view this team’s business records, but only its owners and editors can change them.',
} as const;

/** Spec 001 §5: "email must match a simple pattern". */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type MemberStatus = 'active' | 'pending';

export interface TeamMemberState {
  id: string;
  /** Null while the invited e-mail has no account yet (status pending). */
  userId: string | null;
  email: string;
  role: TeamRole;
  status: MemberStatus;
  createdAt: Date;
}

export interface ProjectState {
  id: string;
  name: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface TeamState {
  id: string;
  name: string;
  description: string;
  color: string;
  ownerId: string;
  members: TeamMemberState[];
  projects: ProjectState[];
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

type TeamSummary = Omit<TeamState, 'members' | 'projects'>;
/** A member as events tell it: no e-mail address, which events kept forever must not carry (ADR 0018). */
export type TeamMemberFact = Omit<TeamMemberState, 'email'>;
const fact = ({ email: _email, ...member }: TeamMemberState): TeamMemberFact => ({ ...member });

export type TeamEvent =
  | DomainEvent<'workspace.team.created.v1', { team: TeamSummary; owner: TeamMemberFact }>
  | DomainEvent<'workspace.team.updated.v1', { team: TeamSummary }>
  | DomainEvent<'workspace.team.deleted.v1', { team: TeamSummary; memberUserIds: string[] }>
  | DomainEvent<'workspace.team.member-invited.v1', { team: TeamSummary; member: TeamMemberFact; invitedBy: string }>
  | DomainEvent<'workspace.team.member-joined.v1', { team: TeamSummary; member: TeamMemberFact }>
  | DomainEvent<'workspace.team.member-role-changed.v1', { team: TeamSummary; member: TeamMemberFact; previousRole: TeamRole }>
  | DomainEvent<'workspace.team.member-removed.v1', { team: TeamSummary; member: TeamMemberFact; removedBy: string }>
  | DomainEvent<'workspace.team.project-created.v1', { team: TeamSummary; project: ProjectState }>
  | DomainEvent<'workspace.team.project-updated.v1', { team: TeamSummary; project: ProjectState }>
  | DomainEvent<'workspace.team.project-deleted.v1', { team: TeamSummary; project: ProjectState }>;

function invalid(path: string, message: string): DomainError {
  return new DomainError('invalid', message, [{ path, message }]);
}

/** Names of new teams and projects: trimmed, at least 3 characters. */
function newName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length < 3) throw invalid('name', TEAM_MESSAGES.nameTooShort);
  return trimmed;
}

/** Names in settings forms: required. */
function requiredName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid('name', TEAM_MESSAGES.required);
  return trimmed;
}

/**
 * A team with its members and projects (spec 000 §6, spec 001 §4–6). Teams are small, so one aggregate
 * keeps every membership rule consistent under one optimistic version. Pure: ids and clocks come in.
 */
export class TeamAggregate {
  private events: TeamEvent[] = [];
  private deleted = false;
  readonly loadedVersion: number;

  private constructor(
    private state: TeamState,
    isNew = false,
  ) {
    this.loadedVersion = isNew ? 0 : state.version;
  }

  static create(input: { id: string; memberId: string; name: string; owner: { id: string; email: string }; color: string; now: Date }): TeamAggregate {
    const owner: TeamMemberState = {
      id: input.memberId,
      userId: input.owner.id,
      email: input.owner.email.toLowerCase(),
      role: 'owner',
      status: 'active',
      createdAt: input.now,
    };
    const team = new TeamAggregate(
      {
        id: input.id,
        name: newName(input.name),
        description: '',
        color: input.color,
        ownerId: input.owner.id,
        members: [owner],
        projects: [],
        createdAt: input.now,
        updatedAt: input.now,
        version: 1,
      },
      true,
    );
    team.record({ type: 'workspace.team.created.v1', data: { team: team.summary(), owner: fact(owner) } });
    return team;
  }

  static restore(state: TeamState): TeamAggregate {
    return new TeamAggregate(structuredClone(state));
  }

  /** The caller's active role, or null (a stranger, or a member whose invite is still pending). */
  roleOf(userId: string): TeamRole | null {
    return this.state.members.find((m) => m.userId === userId && m.status === 'active')?.role ?? null;
  }

  /** Strangers learn nothing (not found); members lacking the right are told they have no access. */
  private assertAllowed(actorId: string, action: TeamAction): TeamRole {
    const role = this.roleOf(actorId);
    if (!role) throw new DomainError('not-found', TEAM_MESSAGES.notFound);
    if (!teamAllows(role, action)) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    return role;
  }

  updateSettings(changes: { name?: string; description?: string; color?: string }, actorId: string, now: Date): void {
    this.assertAllowed(actorId, 'team.update');
    const next = {
      name: changes.name === undefined ? this.state.name : requiredName(changes.name),
      description: changes.description ?? this.state.description,
      color: changes.color ?? this.state.color,
    };
    if (next.name === this.state.name && next.description === this.state.description && next.color === this.state.color) return;
    this.touch(next, now);
    this.record({ type: 'workspace.team.updated.v1', data: { team: this.summary() } });
  }

  delete(actorId: string, now: Date): void {
    this.assertAllowed(actorId, 'team.delete');
    this.deleted = true;
    this.touch({}, now);
    const memberUserIds = this.state.members.flatMap((m) => (m.userId ? [m.userId] : []));
    this.record({ type: 'workspace.team.deleted.v1', data: { team: this.summary(), memberUserIds } });
  }

  /**
   * Invites by e-mail. `userId` is the account with that e-mail when there is one (active member at once,
   * per spec 001 §3 status); otherwise the member stays pending until that person signs up.
   */
  invite(input: { memberId: string; email: string; role: TeamRole | '' | undefined; userId: string | null }, actorId: string, now: Date): TeamMemberState {
    this.assertAllowed(actorId, 'member.invite');
    const email = input.email.trim().toLowerCase();
    if (!SIMPLE_EMAIL.test(email)) throw invalid('email', TEAM_MESSAGES.invalidEmail);
    if (!input.role) throw invalid('role', TEAM_MESSAGES.required);
    if (!TEAM_INVITE_ROLES.includes(input.role)) throw invalid('role', TEAM_MESSAGES.inviteRole);
    if (this.state.members.some((m) => m.email === email || (input.userId && m.userId === input.userId))) {
      throw new DomainError('conflict', TEAM_MESSAGES.alreadyMember, [{ path: 'email', message: TEAM_MESSAGES.alreadyMember }]);
    }
    const member: TeamMemberState = {
      id: input.memberId,
      userId: input.userId,
      email,
      role: input.role,
      status: input.userId ? 'active' : 'pending',
      createdAt: now,
    };
    this.state.members.push(member);
    this.touch({}, now);
    this.record({ type: 'workspace.team.member-invited.v1', data: { team: this.summary(), member: fact(member), invitedBy: actorId } });
    return { ...member };
  }

  /** A pending invite becomes active when an account with its e-mail appears. No actor: the system does it. */
  activatePendingInvite(user: { id: string; email: string }, now: Date): boolean {
    const member = this.state.members.find((m) => m.status === 'pending' && m.email === user.email.toLowerCase());
    if (!member) return false;
    member.userId = user.id;
    member.status = 'active';
    this.touch({}, now);
    this.record({ type: 'workspace.team.member-joined.v1', data: { team: this.summary(), member: fact(member) } });
    return true;
  }

  changeMemberRole(memberId: string, role: TeamRole, actorId: string, now: Date): void {
    this.assertAllowed(actorId, 'member.changeRole');
    const member = this.member(memberId);
    if (member.role === 'owner') throw new DomainError('forbidden', TEAM_MESSAGES.ownerFixed);
    if (!TEAM_INVITE_ROLES.includes(role)) throw invalid('role', TEAM_MESSAGES.inviteRole);
    if (member.role === role) return;
    const previousRole = member.role;
    member.role = role;
    this.touch({}, now);
    this.record({ type: 'workspace.team.member-role-changed.v1', data: { team: this.summary(), member: fact(member), previousRole } });
  }

  /** The owner removes others; anyone else may remove only themselves (Leave). The owner row is fixed. */
  removeMember(memberId: string, actorId: string, now: Date): void {
    const member = this.member(memberId);
    const leaving = member.userId === actorId;
    this.assertAllowed(actorId, leaving ? 'member.leave' : 'member.remove');
    if (member.role === 'owner') throw new DomainError('forbidden', TEAM_MESSAGES.ownerFixed);
    this.state.members = this.state.members.filter((m) => m.id !== memberId);
    this.touch({}, now);
    this.record({ type: 'workspace.team.member-removed.v1', data: { team: this.summary(), member: fact(member), removedBy: actorId } });
  }

  createProject(input: { id: string; name: string }, actorId: string, now: Date): ProjectState {
    this.assertAllowed(actorId, 'project.create');
    const project: ProjectState = { id: input.id, name: newName(input.name), description: '', createdAt: now, updatedAt: now };
    this.state.projects.push(project);
    this.touch({}, now);
    this.record({ type: 'workspace.team.project-created.v1', data: { team: this.summary(), project: { ...project } } });
    return project;
  }

  updateProject(projectId: string, changes: { name?: string; description?: string }, actorId: string, now: Date): void {
    this.assertAllowed(actorId, 'project.update');
    const project = this.project(projectId);
    const name = changes.name === undefined ? project.name : requiredName(changes.name);
    const description = changes.description ?? project.description;
    if (name === project.name && description === project.description) return;
    Object.assign(project, { name, description, updatedAt: now });
    this.touch({}, now);
    this.record({ type: 'workspace.team.project-updated.v1', data: { team: this.summary(), project: { ...project } } });
  }

  deleteProject(projectId: string, actorId: string, now: Date): void {
    this.assertAllowed(actorId, 'project.delete');
    const project = this.project(projectId);
    this.state.projects = this.state.projects.filter((p) => p.id !== projectId);
    this.touch({}, now);
    this.record({ type: 'workspace.team.project-deleted.v1', data: { team: this.summary(), project: { ...project } } });
  }

  hasProject(projectId: string): boolean {
    return this.state.projects.some((p) => p.id === projectId);
  }

  get isDeleted(): boolean {
    return this.deleted;
  }

  snapshot(): TeamState {
    return structuredClone(this.state);
  }

  pullEvents(): TeamEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private member(memberId: string): TeamMemberState {
    const member = this.state.members.find((m) => m.id === memberId);
    if (!member) throw new DomainError('not-found', TEAM_MESSAGES.memberNotFound);
    return member;
  }

  private project(projectId: string): ProjectState {
    const project = this.state.projects.find((p) => p.id === projectId);
    if (!project) throw new DomainError('not-found', TEAM_MESSAGES.projectNotFound);
    return project;
  }

  private summary(): TeamSummary {
    const { members: _members, projects: _projects, ...summary } = this.state;
    return { ...summary };
  }

  private touch(changes: Partial<TeamState>, now: Date): void {
    this.state = { ...this.state, ...changes, updatedAt: now, version: this.state.version + 1 };
  }

  private record(event: Omit<TeamEvent, 'aggregateType' | 'aggregateId'>): void {
    this.events.push({ ...event, aggregateType: 'team', aggregateId: this.state.id } as TeamEvent);
  }
}
