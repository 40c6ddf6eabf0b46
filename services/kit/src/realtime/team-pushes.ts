import { TeamSnapshot } from '@kiln/contracts';
import { TEAM_ROLES, TeamRole } from '@kiln/domain';
import { EventOf } from './parse-event';
import { emit, leaveAll, moveTo, PushPlan, Step } from './push-plan';
import { teamRoom, teamRooms, userRoom } from './rooms';

type TeamEvent = EventOf<
  | 'workspace.team.created.v1'
  | 'workspace.team.updated.v1'
  | 'workspace.team.deleted.v1'
  | 'workspace.team.member-invited.v1'
  | 'workspace.team.member-joined.v1'
  | 'workspace.team.member-role-changed.v1'
  | 'workspace.team.member-removed.v1'
  | 'workspace.team.project-created.v1'
  | 'workspace.team.project-updated.v1'
  | 'workspace.team.project-deleted.v1'
>;
type Verb = 'create' | 'update' | 'delete';
type Member = TeamEvent extends infer E ? (E extends { data: { member: infer M } } ? M : never) : never;

export const isTeamEvent = (event: { type: string }): event is TeamEvent => event.type.startsWith('workspace.team.');

/** `workspace-team` to every role room, each with its own role as `userRole`. */
const teamToRooms = (team: TeamSnapshot, verb: Verb): Step[] =>
  TEAM_ROLES.map((role) => emit('workspace-team', [teamRoom(team.id, role)], { verb, data: { ...team, userRole: role } }));
/** `workspace-team` to one person (they just joined, changed role, or were removed). */
const teamToUser = (team: TeamSnapshot, userId: string, role: TeamRole, verb: Verb): Step =>
  emit('workspace-team', [userRoom(userId)], { verb, data: { ...team, userRole: role } });
/** `workspace-team-member` to all the team's members. */
const memberToTeam = (team: TeamSnapshot, member: Member, verb: Verb): Step =>
  emit('workspace-team-member', teamRooms(team.id), { verb, data: { ...member, teamId: team.id } });

/** A member who now has an account and an active role: their sockets go to that role's room, then hear of it. */
function admitted(team: TeamSnapshot, member: Member, memberVerb: Verb): Step[] {
  if (member.status !== 'active' || !member.userId) return [memberToTeam(team, member, memberVerb)];
  return [
    moveTo(member.userId, teamRoom(team.id, member.role), teamRooms(team.id)),
    memberToTeam(team, member, memberVerb),
    teamToUser(team, member.userId, member.role, 'create'),
  ];
}

function steps(event: TeamEvent): Step[] {
  const { team } = event.data;
  switch (event.type) {
    case 'workspace.team.created.v1':
      return admitted(team, event.data.owner, 'create');
    case 'workspace.team.updated.v1':
      return teamToRooms(team, 'update');
    case 'workspace.team.deleted.v1':
      // Told first, while still in the rooms; then out of them on every socket.
      return [...teamToRooms(team, 'delete'), ...event.data.memberUserIds.map((userId) => leaveAll(userId, teamRooms(team.id)))];
    case 'workspace.team.member-invited.v1':
      return admitted(team, event.data.member, 'create');
    case 'workspace.team.member-joined.v1':
      return admitted(team, event.data.member, 'update');
    case 'workspace.team.member-role-changed.v1': {
      const { member } = event.data;
      if (!member.userId) return [memberToTeam(team, member, 'update')];
      return [
        moveTo(member.userId, teamRoom(team.id, member.role), teamRooms(team.id)),
        memberToTeam(team, member, 'update'),
        teamToUser(team, member.userId, member.role, 'update'),
      ];
    }
    case 'workspace.team.member-removed.v1': {
      const { member } = event.data;
      // Everyone still in the team, the removed member included, drops the row; the removed member then
      // drops the team itself and leaves its rooms, so nothing more of it reaches them.
      if (!member.userId) return [memberToTeam(team, member, 'delete')];
      return [memberToTeam(team, member, 'delete'), teamToUser(team, member.userId, member.role, 'delete'), leaveAll(member.userId, teamRooms(team.id))];
    }
    case 'workspace.team.project-created.v1':
    case 'workspace.team.project-updated.v1':
    case 'workspace.team.project-deleted.v1': {
      const verb: Verb =
        event.type === 'workspace.team.project-created.v1' ? 'create' : event.type === 'workspace.team.project-updated.v1' ? 'update' : 'delete';
      return [emit('workspace-team-project', teamRooms(team.id), { verb, data: { ...event.data.project, teamId: team.id } })];
    }
  }
}

/**
 * `workspace-team`, `workspace-team-member`, `workspace-team-project`, and the room changes memberships
 * make. Every team event raises the team aggregate's version by one, so the whole event is judged by
 * (team, version): a member event and a project event never share a version, and only the team's own
 * deletion is a tombstone (a member's removal is not: the team lives on for the others).
 */
export function teamPlan(event: TeamEvent): PushPlan {
  const { team } = event.data;
  return {
    order: { eventId: event.eventId, key: `team:${team.id}`, version: team.version, deleted: event.type === 'workspace.team.deleted.v1' },
    steps: steps(event),
  };
}
