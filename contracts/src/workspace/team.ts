import { z } from 'zod';
import { Id, Text, Timestamp } from '../common/ids';
import { jsonParam, limitUpTo, listOf, Skip } from '../common/list';
import { UserSummary } from './user';

/** Teams, projects and members (spec 000 §3, §7; spec 001 §3). Rules and their texts live in domain/. */
export const TeamRole = z.enum(['owner', 'editor', 'viewer']);
export type TeamRole = z.infer<typeof TeamRole>;
export const MemberStatus = z.enum(['active', 'pending']);

const TEAM_TEXT_MAX = 200;
const NAME_TOO_LONG = `The name must be at most ${TEAM_TEXT_MAX} characters.`;
const TeamText = Text(TEAM_TEXT_MAX, NAME_TOO_LONG);
/** `#rrggbb`, the colour a team is shown with. */
export const TeamColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'The colour must look like #3366ff.');

export const Project = z.object({
  id: Id,
  teamId: Id,
  name: z.string(),
  description: z.string(),
  updatedAt: Timestamp,
  createdAt: Timestamp,
});
export type Project = z.infer<typeof Project>;

export const Team = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  color: z.string(),
  ownerId: Id,
  /** The caller's role in this team. */
  userRole: TeamRole,
  projects: z.array(Project),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type Team = z.infer<typeof Team>;

export const TeamMember = z.object({
  id: Id,
  teamId: Id,
  /** Null while the invite waits for that e-mail's account. */
  userId: Id.nullable(),
  role: TeamRole,
  status: MemberStatus,
  /** The account when there is one; a pending member shows only the invited e-mail. */
  user: UserSummary.nullable(),
  data: z.object({ email: z.string() }),
  createdAt: Timestamp,
});
export type TeamMember = z.infer<typeof TeamMember>;

/** POST /api/workspace/team/my */
export const CreateTeamBody = z.strictObject({ name: TeamText });
/** PATCH /api/workspace/team/my/{id} */
export const UpdateTeamBody = z.strictObject({ name: TeamText.optional(), description: Text(5000).optional(), color: TeamColor.optional() });

export const CreateProjectBody = z.strictObject({ teamId: Id, name: TeamText });
export const UpdateProjectBody = z.strictObject({ name: TeamText.optional(), description: Text(5000).optional() });

/** POST /api/workspace/team-member/invite; the e-mail rule and its text ('Invalid email') are the domain's. */
export const InviteMemberBody = z.strictObject({ teamId: Id, email: Text(320), role: z.union([TeamRole, z.literal('')]).optional() });
/** PATCH /api/workspace/team-member/{id} */
export const ChangeMemberRoleBody = z.strictObject({ role: TeamRole });

/** GET /api/workspace/team-member?where={"teamId":…}&populate=["user","user.avatar"] */
export const ListMembersQuery = z.strictObject({
  where: jsonParam(z.strictObject({ teamId: Id })),
  populate: jsonParam(z.array(z.enum(['user', 'user.avatar']))).optional(),
  skip: Skip,
  limit: limitUpTo(100, 100),
});

export const TeamList = listOf(Team);
export const ProjectList = listOf(Project);
export const TeamMemberList = listOf(TeamMember);
export const TeamIdParams = z.strictObject({ teamId: Id });
