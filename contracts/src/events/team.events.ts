import { z } from 'zod';
import { Id, Timestamp } from '../common/ids';
import { envelope } from './envelope';

/**
 * Team facts (spec 000 §3, spec 001 §3–6). Events carry ids, names and roles, never e-mail addresses:
 * events are kept forever, personal data stays in the workspace's state tables (ADR 0018).
 */
export const TeamRoleValue = z.enum(['owner', 'editor', 'viewer']);
export const TeamSnapshot = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  color: z.string(),
  ownerId: Id,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** The team aggregate's version: grows with every change to the team, its members or its projects. */
  version: z.number().int(),
});
export type TeamSnapshot = z.infer<typeof TeamSnapshot>;

export const TeamMemberFact = z.object({
  id: Id,
  /** Null while the invite waits for an account with the invited e-mail. */
  userId: Id.nullable(),
  role: TeamRoleValue,
  status: z.enum(['active', 'pending']),
  createdAt: Timestamp,
});
export type TeamMemberFact = z.infer<typeof TeamMemberFact>;

export const ProjectSnapshot = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type ProjectSnapshot = z.infer<typeof ProjectSnapshot>;

export const TeamCreatedV1 = envelope('workspace.team.created.v1', z.object({ team: TeamSnapshot, owner: TeamMemberFact }));
export const TeamUpdatedV1 = envelope('workspace.team.updated.v1', z.object({ team: TeamSnapshot }));
export const TeamDeletedV1 = envelope('workspace.team.deleted.v1', z.object({ team: TeamSnapshot, memberUserIds: z.array(Id) }));
export const TeamMemberInvitedV1 = envelope('workspace.team.member-invited.v1', z.object({ team: TeamSnapshot, member: TeamMemberFact, invitedBy: Id }));
export const TeamMemberJoinedV1 = envelope('workspace.team.member-joined.v1', z.object({ team: TeamSnapshot, member: TeamMemberFact }));
export const TeamMemberRoleChangedV1 = envelope(
  'workspace.team.member-role-changed.v1',
  z.object({ team: TeamSnapshot, member: TeamMemberFact, previousRole: TeamRoleValue }),
);
export const TeamMemberRemovedV1 = envelope('workspace.team.member-removed.v1', z.object({ team: TeamSnapshot, member: TeamMemberFact, removedBy: Id }));
export const TeamProjectCreatedV1 = envelope('workspace.team.project-created.v1', z.object({ team: TeamSnapshot, project: ProjectSnapshot }));
export const TeamProjectUpdatedV1 = envelope('workspace.team.project-updated.v1', z.object({ team: TeamSnapshot, project: ProjectSnapshot }));
export const TeamProjectDeletedV1 = envelope('workspace.team.project-deleted.v1', z.object({ team: TeamSnapshot, project: ProjectSnapshot }));

export const TeamEvents = {
  'workspace.team.created.v1': TeamCreatedV1,
  'workspace.team.updated.v1': TeamUpdatedV1,
  'workspace.team.deleted.v1': TeamDeletedV1,
  'workspace.team.member-invited.v1': TeamMemberInvitedV1,
  'workspace.team.member-joined.v1': TeamMemberJoinedV1,
  'workspace.team.member-role-changed.v1': TeamMemberRoleChangedV1,
  'workspace.team.member-removed.v1': TeamMemberRemovedV1,
  'workspace.team.project-created.v1': TeamProjectCreatedV1,
  'workspace.team.project-updated.v1': TeamProjectUpdatedV1,
  'workspace.team.project-deleted.v1': TeamProjectDeletedV1,
} as const;

export const TEAM_EVENT_DESCRIPTIONS: Record<keyof typeof TeamEvents, string> = {
  'workspace.team.created.v1': 'A user created a team; `data.owner` is their owner membership.',
  'workspace.team.updated.v1': "The owner changed the team's name, description or colour.",
  'workspace.team.deleted.v1': 'The owner deleted the team; `data.memberUserIds` are the people who were in it.',
  'workspace.team.member-invited.v1': 'The owner invited someone: active at once when the e-mail has an account, else pending (`userId` null).',
  'workspace.team.member-joined.v1': 'A pending invite became active: the invited person signed up.',
  'workspace.team.member-role-changed.v1': "The owner changed a member's role (viewer ↔ editor).",
  'workspace.team.member-removed.v1': 'A member was removed by the owner, or left (`removedBy` = the member).',
  'workspace.team.project-created.v1': 'A project was created in the team.',
  'workspace.team.project-updated.v1': 'A project was renamed or got a new description.',
  'workspace.team.project-deleted.v1': 'A project was deleted.',
};
