import { DomainError } from '../shared/domain-error';
import { TEAM_MESSAGES, TeamAggregate } from './team.aggregate';

const now = new Date('2026-11-23T10:00:00Z');
const later = new Date('2026-11-23T11:00:00Z');
const owner = { id: 'u-owner', email: 'Owner@Example.com' };

function newTeam(name = 'Rocket Lab'): TeamAggregate {
  const team = TeamAggregate.create({ id: 't1', memberId: 'm-owner', name, owner, color: '#3366ff', now });
  team.pullEvents();
  return team;
}

function failure(action: () => unknown): DomainError {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('TeamAggregate', () => {
  it('creates a team with a trimmed name of at least 3 characters, its owner an active member', () => {
    const team = TeamAggregate.create({ id: 't1', memberId: 'm1', name: '  Rocket Lab ', owner, color: '#3366ff', now });
    expect(team.snapshot()).toMatchObject({
      name: 'Rocket Lab',
      ownerId: 'u-owner',
      version: 1,
      members: [{ userId: 'u-owner', email: 'owner@example.com', role: 'owner', status: 'active' }],
    });
    expect(team.pullEvents().map((e) => e.type)).toEqual(['workspace.team.created.v1']);
    expect(failure(() => TeamAggregate.create({ id: 't2', memberId: 'm2', name: ' ab ', owner, color: '#000', now })).message).toBe(TEAM_MESSAGES.nameTooShort);
  });

  it('only the owner changes settings; the name is required; nothing changed records nothing', () => {
    const team = newTeam();
    team.invite({ memberId: 'm2', email: 'ed@example.com', role: 'editor', userId: 'u-ed' }, 'u-owner', now);
    team.pullEvents();
    expect(failure(() => team.updateSettings({ name: 'Other' }, 'u-ed', later))).toMatchObject({ kind: 'forbidden', message: TEAM_MESSAGES.noAccess });
    expect(failure(() => team.updateSettings({ name: 'Other' }, 'u-stranger', later)).kind).toBe('not-found');
    expect(failure(() => team.updateSettings({ name: '   ' }, 'u-owner', later)).message).toBe(TEAM_MESSAGES.required);
    team.updateSettings({ name: 'Rocket Lab' }, 'u-owner', later);
    expect(team.pullEvents()).toEqual([]);
    team.updateSettings({ name: 'Moon Lab', description: 'Landers', color: '#ff0000' }, 'u-owner', later);
    expect(team.snapshot()).toMatchObject({ name: 'Moon Lab', description: 'Landers', color: '#ff0000', updatedAt: later });
    expect(team.pullEvents().map((e) => e.type)).toEqual(['workspace.team.updated.v1']);
  });

  it('invites lowercased e-mails as viewer or editor; unknown people stay pending until they sign up', () => {
    const team = newTeam();
    const pending = team.invite({ memberId: 'm2', email: ' New@Example.COM ', role: 'viewer', userId: null }, 'u-owner', now);
    expect(pending).toMatchObject({ email: 'new@example.com', status: 'pending', userId: null });
    expect(team.roleOf('u-new')).toBeNull();
    expect(team.activatePendingInvite({ id: 'u-new', email: 'NEW@example.com' }, later)).toBe(true);
    expect(team.roleOf('u-new')).toBe('viewer');
    expect(team.activatePendingInvite({ id: 'u-x', email: 'x@example.com' }, later)).toBe(false);
    expect(team.pullEvents().map((e) => e.type)).toEqual(['workspace.team.member-invited.v1', 'workspace.team.member-joined.v1']);
  });

  it('refuses bad invites with the spec messages', () => {
    const team = newTeam();
    expect(failure(() => team.invite({ memberId: 'm2', email: 'not-an-email', role: 'viewer', userId: null }, 'u-owner', now)).message).toBe(
      TEAM_MESSAGES.invalidEmail,
    );
    expect(failure(() => team.invite({ memberId: 'm2', email: 'a@b.co', role: '', userId: null }, 'u-owner', now)).message).toBe(TEAM_MESSAGES.required);
    expect(failure(() => team.invite({ memberId: 'm2', email: 'a@b.co', role: 'owner', userId: null }, 'u-owner', now)).message).toBe(TEAM_MESSAGES.inviteRole);
    expect(failure(() => team.invite({ memberId: 'm2', email: 'owner@example.com', role: 'viewer', userId: 'u-owner' }, 'u-owner', now)).kind).toBe('conflict');
  });

  it('only the owner invites, changes roles and removes; the owner row is fixed; others may leave', () => {
    const team = newTeam();
    team.invite({ memberId: 'm2', email: 'ed@example.com', role: 'editor', userId: 'u-ed' }, 'u-owner', now);
    team.invite({ memberId: 'm3', email: 'vi@example.com', role: 'viewer', userId: 'u-vi' }, 'u-owner', now);
    expect(failure(() => team.invite({ memberId: 'm4', email: 'x@example.com', role: 'viewer', userId: null }, 'u-ed', now)).kind).toBe('forbidden');
    expect(failure(() => team.changeMemberRole('m3', 'editor', 'u-ed', now)).kind).toBe('forbidden');
    expect(failure(() => team.changeMemberRole('m-owner', 'viewer', 'u-owner', now)).message).toBe(TEAM_MESSAGES.ownerFixed);
    team.changeMemberRole('m3', 'editor', 'u-owner', later);
    expect(team.roleOf('u-vi')).toBe('editor');
    expect(failure(() => team.removeMember('m3', 'u-ed', now)).kind).toBe('forbidden');
    expect(failure(() => team.removeMember('m-owner', 'u-owner', now)).kind).toBe('forbidden');
    team.removeMember('m2', 'u-ed', later); // leave
    team.removeMember('m3', 'u-owner', later);
    expect(team.roleOf('u-ed')).toBeNull();
    expect(team.roleOf('u-vi')).toBeNull();
  });

  it('owner and editor create projects (≥ 3 characters); only the owner edits and deletes them', () => {
    const team = newTeam();
    team.invite({ memberId: 'm2', email: 'ed@example.com', role: 'editor', userId: 'u-ed' }, 'u-owner', now);
    team.invite({ memberId: 'm3', email: 'vi@example.com', role: 'viewer', userId: 'u-vi' }, 'u-owner', now);
    expect(failure(() => team.createProject({ id: 'p0', name: 'Probe' }, 'u-vi', now)).kind).toBe('forbidden');
    expect(failure(() => team.createProject({ id: 'p0', name: 'ab' }, 'u-ed', now)).message).toBe(TEAM_MESSAGES.nameTooShort);
    team.createProject({ id: 'p1', name: ' Probe ' }, 'u-ed', now);
    expect(team.hasProject('p1')).toBe(true);
    expect(failure(() => team.updateProject('p1', { name: 'Lander' }, 'u-ed', later)).kind).toBe('forbidden');
    expect(failure(() => team.updateProject('p1', { name: '' }, 'u-owner', later)).message).toBe(TEAM_MESSAGES.required);
    team.updateProject('p1', { name: 'Lander', description: 'Legs' }, 'u-owner', later);
    expect(team.snapshot().projects[0]).toMatchObject({ name: 'Lander', description: 'Legs' });
    team.deleteProject('p1', 'u-owner', later);
    expect(team.hasProject('p1')).toBe(false);
    expect(failure(() => team.deleteProject('p1', 'u-owner', later)).kind).toBe('not-found');
  });

  it('only the owner deletes the team; the event names every member so their views can follow', () => {
    const team = newTeam();
    team.invite({ memberId: 'm2', email: 'ed@example.com', role: 'editor', userId: 'u-ed' }, 'u-owner', now);
    team.pullEvents();
    expect(failure(() => team.delete('u-ed', later)).kind).toBe('forbidden');
    team.delete('u-owner', later);
    expect(team.isDeleted).toBe(true);
    const [event] = team.pullEvents();
    expect(event).toMatchObject({ type: 'workspace.team.deleted.v1', aggregateType: 'team', aggregateId: 't1', data: { memberUserIds: ['u-owner', 'u-ed'] } });
  });

  it('restore gives an independent copy (a failed command cannot leak changes into the loaded state)', () => {
    const team = newTeam();
    const state = team.snapshot();
    const copy = TeamAggregate.restore(state);
    copy.invite({ memberId: 'm2', email: 'ed@example.com', role: 'editor', userId: 'u-ed' }, 'u-owner', now);
    expect(state.members).toHaveLength(1);
    expect(copy.loadedVersion).toBe(1);
  });
});
