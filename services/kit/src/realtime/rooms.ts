import { SHARE_ROLES, ShareRole, TEAM_ROLES, TeamRole } from '@kiln/domain';

/**
 * The socket.io rooms pushes go to (ADR 0019). A socket is in its user's room from the handshake on, in
 * one room per team it is an active member of (by role), and in one room per model shared with it (by
 * role). Rooms carry the role, so one emit per role gives every recipient the data as it may see it.
 */
export const userRoom = (userId: string) => `user:${userId}`;
export const teamRoom = (teamId: string, role: TeamRole) => `team:${teamId}:${role}`;
export const modelRoom = (modelId: string, role: ShareRole) => `model:${modelId}:${role}`;

/** Every role room of a team: all its active members. */
export const teamRooms = (teamId: string) => TEAM_ROLES.map((role) => teamRoom(teamId, role));
/** Every share room of a model: all the people it is shared with. */
export const modelRooms = (modelId: string) => SHARE_ROLES.map((role) => modelRoom(modelId, role));

export interface Audience {
  teams: { teamId: string; role: TeamRole }[];
  shares: { modelId: string; role: ShareRole }[];
}

/** The rooms a user's socket joins on connect, from the workspace's `pushAudience` answer. */
export const audienceRooms = (audience: Audience): string[] => [
  ...audience.teams.map((t) => teamRoom(t.teamId, t.role)),
  ...audience.shares.map((s) => modelRoom(s.modelId, s.role)),
];
