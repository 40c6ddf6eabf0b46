import type { QueryClient } from '@tanstack/react-query';
import type { Project, PushMessage, TeamMember } from '@kiln/contracts';
import { currentUser } from '../auth/session';
import { modelKeys } from '../models/model-cache';
import type { Socket } from '../realtime/socket';
import {
  applyProjectRemoval,
  applyProjectUpsert,
  applyTeamRemoval,
  applyTeamUpsert,
  applyMemberFact,
  forgetTeamRemoval,
  teamKeys,
  type TeamPatch,
} from './team-cache';

// What each channel carries (contracts/src/realtime.ts RealtimePushes).
type TeamPush = TeamPatch;
type ProjectPush = Project;
type MemberPush = Pick<TeamMember, 'id' | 'teamId' | 'userId' | 'role' | 'status' | 'createdAt'>;

/** Applies one `workspace-team` push: teams merge by version; a deleted team leaves every list (and its page). */
export function applyTeamPush(queryClient: QueryClient, message: PushMessage<TeamPush>): void {
  const team = message?.data;
  if (!team?.id) return;
  if (message.verb === 'delete') applyTeamRemoval(queryClient, team.id);
  else applyTeamUpsert(queryClient, team, message.verb === 'create');
}

/** Applies one `workspace-team-project` push into the team list, the team and its project list. */
export function applyProjectPush(queryClient: QueryClient, message: PushMessage<ProjectPush>): void {
  const project = message?.data;
  if (!project?.id || !project.teamId) return;
  if (message.verb === 'delete') applyProjectRemoval(queryClient, project);
  else applyProjectUpsert(queryClient, project);
}

/**
 * Applies one `workspace-team-member` push. It carries ids, role and status but no e-mail or name, so the team's
 * member list is fetched again. When it is about me: removed (or left) means the team is gone for me; otherwise my
 * role or membership changed, so the team, the navigation's list and the model lists (whose `userRole` follows my
 * team role; model pushes are not repeated for a role change) are fetched again too.
 */
export function applyMemberPush(queryClient: QueryClient, message: PushMessage<MemberPush>): void {
  const member = message?.data;
  if (!member?.teamId) return;
  const me = currentUser(queryClient);
  if (me && member.userId === me.id) {
    if (message.verb === 'delete') {
      applyTeamRemoval(queryClient, member.teamId);
      return;
    }
    forgetTeamRemoval(queryClient, member.teamId);
    void queryClient.invalidateQueries({ queryKey: teamKeys.mine });
    void queryClient.invalidateQueries({ queryKey: teamKeys.team(member.teamId) });
    void queryClient.invalidateQueries({ queryKey: modelKeys.all });
  }
  applyMemberFact(queryClient, { id: member.id, teamId: member.teamId, role: member.role, status: member.status, deleted: message.verb === 'delete' });
}

/** Merges `workspace-team`, `workspace-team-project` and `workspace-team-member` pushes into the cached team data. */
export function listenForTeamPushes(socket: Socket, queryClient: QueryClient): void {
  socket.on('workspace-team', (message: PushMessage<TeamPush>) => applyTeamPush(queryClient, message));
  socket.on('workspace-team-project', (message: PushMessage<ProjectPush>) => applyProjectPush(queryClient, message));
  socket.on('workspace-team-member', (message: PushMessage<MemberPush>) => applyMemberPush(queryClient, message));
}
