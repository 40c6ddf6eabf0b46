import { Project, Team, TeamMember, WorkspaceRpc } from '@kiln/contracts';
import { DomainError, TEAM_MESSAGES, TeamMemberState } from '@kiln/domain';
import { answerAfterProjection, idempotencyClaim, RpcContext, rpcRoute, runIdempotent } from '@kiln/service-kit';
import { AreaRoutes } from '@kiln/service-kit';
import { SCHEMA } from '../database.types';
import { PgTeamReadModel, projectOf } from './adapters/pg-team.read-model';
import { PgTeamRepository } from './adapters/pg-team.repository';
import { ChangeMemberRoleCommand } from './commands/change-member-role/change-member-role.command';
import { ChangeMemberRoleHandler } from './commands/change-member-role/change-member-role.handler';
import { CreateProjectCommand } from './commands/create-project/create-project.command';
import { CreateProjectHandler } from './commands/create-project/create-project.handler';
import { CreateTeamCommand } from './commands/create-team/create-team.command';
import { CreateTeamHandler } from './commands/create-team/create-team.handler';
import { DeleteProjectCommand } from './commands/delete-project/delete-project.command';
import { DeleteProjectHandler } from './commands/delete-project/delete-project.handler';
import { DeleteTeamCommand } from './commands/delete-team/delete-team.command';
import { DeleteTeamHandler } from './commands/delete-team/delete-team.handler';
import { InviteMemberCommand } from './commands/invite-member/invite-member.command';
import { InviteMemberHandler } from './commands/invite-member/invite-member.handler';
import { RemoveMemberCommand } from './commands/remove-member/remove-member.command';
import { RemoveMemberHandler } from './commands/remove-member/remove-member.handler';
import { UpdateProjectCommand } from './commands/update-project/update-project.command';
import { UpdateProjectHandler } from './commands/update-project/update-project.handler';
import { UpdateTeamCommand } from './commands/update-team/update-team.command';
import { UpdateTeamHandler } from './commands/update-team/update-team.handler';
import { ProjectTeamsOnTeamEvents } from './projections/project-teams-on-team-events';
import { GetTeamHandler } from './queries/get-team/get-team.handler';
import { GetTeamQuery } from './queries/get-team/get-team.query';
import { ListMembersHandler } from './queries/list-members/list-members.handler';
import { ListMembersQuery } from './queries/list-members/list-members.query';
import { ListMyTeamsHandler } from './queries/list-my-teams/list-my-teams.handler';
import { ListMyTeamsQuery } from './queries/list-my-teams/list-my-teams.query';
import { ListProjectsHandler } from './queries/list-projects/list-projects.handler';
import { ListProjectsQuery } from './queries/list-projects/list-projects.query';
import { ActivateTeamInvitesOnUserRegistered } from './reactions/activate-team-invites-on-user-registered';
import { TeamChange, TeamChanges } from './team-change';
import { teamRolesProviders } from './adapters/pg-team-roles';

/** Commands answer from the state they committed, after (bounded) waiting for the views: read-your-writes. */
const committed = <T>(context: RpcContext, change: TeamChange<unknown>, answer: () => T | Promise<T>): Promise<T> =>
  answerAfterProjection(context, [ProjectTeamsOnTeamEvents, change.eventIds], answer);

const readModel = (context: RpcContext) => context.get(PgTeamReadModel);
const member = (context: RpcContext, change: TeamChange<TeamMemberState>): Promise<TeamMember> =>
  committed(context, change, () => readModel(context).presentMember(change.team.id, change.result));

/** The committed team of an Idempotency-Key whose first answer was not remembered. */
async function presentCommittedTeam(context: RpcContext, actorId: string, id: string): Promise<Team> {
  const team = await context.get(PgTeamRepository).find(id);
  if (!team) throw new DomainError('not-found', TEAM_MESSAGES.notFound);
  return readModel(context).presentTeam(team.snapshot(), actorId);
}

async function presentCommittedProject(context: RpcContext, id: string): Promise<Project> {
  const found = await context.get(PgTeamRepository).project(id);
  if (!found) throw new DomainError('not-found', TEAM_MESSAGES.projectNotFound);
  return projectOf(found.teamId, found.project);
}

const routes = [
  rpcRoute({
    rpc: WorkspaceRpc.listMyTeams,
    kind: 'query',
    handle: ({ actor }, context) => context.queries.execute(new ListMyTeamsQuery(actor.userId)),
  }),
  rpcRoute({
    rpc: WorkspaceRpc.getTeam,
    kind: 'query',
    handle: ({ actor, body }, context) => context.queries.execute(new GetTeamQuery(actor.userId, body.id)),
  }),
  rpcRoute({
    rpc: WorkspaceRpc.createTeam,
    kind: 'command',
    handle: ({ actor, body, idempotencyKey }, context) => {
      const claim = idempotencyClaim(WorkspaceRpc.createTeam, { actor, body, idempotencyKey });
      return runIdempotent(
        context.runtime.db,
        SCHEMA,
        claim,
        async () => {
          const change = await context.commands.execute(new CreateTeamCommand(actor.userId, body, claim ?? undefined));
          return committed(context, change, () => readModel(context).presentTeam(change.team, actor.userId));
        },
        (id) => presentCommittedTeam(context, actor.userId, id),
      );
    },
  }),
  rpcRoute({
    rpc: WorkspaceRpc.updateTeam,
    kind: 'command',
    handle: async ({ actor, body }, context) => {
      const change = await context.commands.execute(new UpdateTeamCommand(actor.userId, body.id, body.changes));
      return committed(context, change, () => readModel(context).presentTeam(change.team, actor.userId));
    },
  }),
  rpcRoute({
    rpc: WorkspaceRpc.deleteTeam,
    kind: 'command',
    // The answer is the team as it was when it went away, seen by its owner.
    handle: async ({ actor, body }, context) => {
      const change = await context.commands.execute(new DeleteTeamCommand(actor.userId, body.id));
      return committed(context, change, () => readModel(context).presentTeam(change.team, actor.userId, 'owner'));
    },
  }),
  rpcRoute({
    rpc: WorkspaceRpc.listProjects,
    kind: 'query',
    handle: ({ actor, body }, context) => context.queries.execute(new ListProjectsQuery(actor.userId, body.teamId)),
  }),
  rpcRoute({
    rpc: WorkspaceRpc.createProject,
    kind: 'command',
    handle: ({ actor, body, idempotencyKey }, context) => {
      const claim = idempotencyClaim(WorkspaceRpc.createProject, { actor, body, idempotencyKey });
      return runIdempotent(
        context.runtime.db,
        SCHEMA,
        claim,
        async () => {
          const change = await context.commands.execute(new CreateProjectCommand(actor.userId, body, claim ?? undefined));
          return committed(context, change, () => projectOf(change.team.id, change.result));
        },
        (id) => presentCommittedProject(context, id),
      );
    },
  }),
  rpcRoute({
    rpc: WorkspaceRpc.updateProject,
    kind: 'command',
    handle: async ({ actor, body }, context) => {
      const change = await context.commands.execute(new UpdateProjectCommand(actor.userId, body.id, body.changes));
      return committed(context, change, () =>
        projectOf(
          change.team.id,
          change.team.projects.find((p) => p.id === change.result)!,
        ),
      );
    },
  }),
  rpcRoute({
    rpc: WorkspaceRpc.deleteProject,
    kind: 'command',
    handle: async ({ actor, body }, context) => {
      const change = await context.commands.execute(new DeleteProjectCommand(actor.userId, body.id));
      return committed(context, change, () => projectOf(change.team.id, change.result));
    },
  }),
  rpcRoute({
    rpc: WorkspaceRpc.listMembers,
    kind: 'query',
    handle: ({ actor, body }, context) => context.queries.execute(new ListMembersQuery(actor.userId, body)),
  }),
  rpcRoute({
    rpc: WorkspaceRpc.inviteMember,
    kind: 'command',
    handle: async ({ actor, body }, context) => member(context, await context.commands.execute(new InviteMemberCommand(actor.userId, body))),
  }),
  rpcRoute({
    rpc: WorkspaceRpc.changeMemberRole,
    kind: 'command',
    handle: async ({ actor, body }, context) =>
      member(context, await context.commands.execute(new ChangeMemberRoleCommand(actor.userId, body.id, body.changes.role))),
  }),
  rpcRoute({
    rpc: WorkspaceRpc.removeMember,
    kind: 'command',
    // DELETE on one's own member row is Leave.
    handle: async ({ actor, body }, context) => member(context, await context.commands.execute(new RemoveMemberCommand(actor.userId, body.id))),
  }),
];

/** Teams, projects and members (spec 000 §7, spec 001 §3–7). */
export const teamsRoutes: AreaRoutes = {
  providers: [
    ...teamRolesProviders,
    PgTeamRepository,
    PgTeamReadModel,
    TeamChanges,
    CreateTeamHandler,
    UpdateTeamHandler,
    DeleteTeamHandler,
    CreateProjectHandler,
    UpdateProjectHandler,
    DeleteProjectHandler,
    InviteMemberHandler,
    ChangeMemberRoleHandler,
    RemoveMemberHandler,
    ListMyTeamsHandler,
    GetTeamHandler,
    ListProjectsHandler,
    ListMembersHandler,
  ],
  routes,
  // The views first; the sign-up reaction keeps no read model (its rebuild does nothing).
  projections: [ProjectTeamsOnTeamEvents, ActivateTeamInvitesOnUserRegistered],
};
