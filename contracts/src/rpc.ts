import { z } from 'zod';
import { creating, rpc, withActor } from './common/contract-builders';
import { Timestamp } from './common/ids';
import { AssetItemRpc } from './workspace/asset-items';
import { FontRpc } from './workspace/fonts';
import { AccessTokenRpc } from './workspace/access-tokens';
import { TextureRpc } from './workspace/texture';
import { EnvironmentMapRpc } from './workspace/environment-map';
import { AuthAnswer, LoginBody, RegisterBody } from './workspace/auth';
import { Component, ComponentList, ComponentUsage, CreateComponentBody, ListComponentsQuery, UpdateComponentBody } from './workspace/component';
import {
  CreateModelBody,
  DeletedModelList,
  ListModelsQuery,
  Model,
  ModelComponents,
  ModelList,
  ModelViewSource,
  RecentlyDeletedQuery,
  SetModelComponentsBody,
  SetModelGeometryBody,
  UpdateModelBody,
} from './workspace/model';
import { NotificationCount, NotificationPage, ListNotificationsQuery, Notification } from './workspace/notification';
import {
  ChangeShareRoleBody,
  DuplicateModelBody,
  FavoriteList,
  FavoriteStatus,
  ModelAccessibility,
  ModelListQuery,
  ModelShares,
  SharedModel,
  SharedModelList,
  ShareModelBody,
  ShareUserList,
  ShareWithEveryoneBody,
  ToggleFavoriteBody,
  Favorite,
} from './workspace/sharing';
import {
  ChangeMemberRoleBody,
  CreateProjectBody,
  CreateTeamBody,
  InviteMemberBody,
  ListMembersQuery,
  Project,
  ProjectList,
  Team,
  TeamList,
  TeamMember,
  TeamMemberList,
  UpdateProjectBody,
  UpdateTeamBody,
} from './workspace/team';
import { UpdateProfileBody, User } from './workspace/user';

/**
 * NATS request/reply between the BFF and the services. The subject is `rpc.<service>.<name>`;
 * requests carry the caller (`actor`) so every service checks authorization itself.
 * Errors come back as ErrorBody (see common/errors.ts).
 */

const IdBody = z.object({ id: z.string() });
const Health = z.object({ service: z.string(), status: z.literal('ok'), database: z.boolean(), nats: z.boolean(), deadLetters: z.number().int().optional() });
export type Health = z.infer<typeof Health>;

export const SERVICE_NAMES = ['workspace', 'plugin-registry', 'assets', 'commerce', 'integrations'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
export const healthSubject = (service: ServiceName) => `rpc.${service}.health`;
export const HealthRpc = (service: ServiceName) => rpc(healthSubject(service), z.object({}).passthrough(), Health);

export const WorkspaceRpc = {
  register: rpc('rpc.workspace.auth.register', z.object({ body: RegisterBody, ip: z.string() }), AuthAnswer),
  login: rpc('rpc.workspace.auth.login', z.object({ body: LoginBody, ip: z.string() }), AuthAnswer),
  logout: rpc('rpc.workspace.auth.logout', z.object({ token: z.string() }), z.object({ ok: z.literal(true) })),
  resolveSession: rpc('rpc.workspace.auth.resolve-session', z.object({ token: z.string() }), z.object({ user: User, expiresAt: Timestamp })),
  createModel: rpc('rpc.workspace.model.create', creating(CreateModelBody), Model),
  listModels: rpc('rpc.workspace.model.list', withActor(ListModelsQuery), ModelList),
  getModel: rpc('rpc.workspace.model.get', withActor(IdBody), Model),
  updateModel: rpc('rpc.workspace.model.update', withActor(IdBody.extend({ changes: UpdateModelBody })), Model),
  deleteModel: rpc('rpc.workspace.model.delete', withActor(IdBody), Model),
  listRecentlyDeleted: rpc('rpc.workspace.model.list-recently-deleted', withActor(RecentlyDeletedQuery), DeletedModelList),
  restoreModel: rpc('rpc.workspace.model.restore', withActor(IdBody), Model),
  // A model's geometry (ADR 0054): set from a 3D object of its scope; what the viewer may show (anonymous actor: userId '').
  setModelGeometry: rpc('rpc.workspace.model.set-geometry', withActor(IdBody.extend({ changes: SetModelGeometryBody })), Model),
  modelView: rpc('rpc.workspace.model.view', withActor(IdBody), ModelViewSource),
  setModelComponents: rpc('rpc.workspace.model.set-components', withActor(IdBody.extend({ changes: SetModelComponentsBody })), ModelComponents),
  modelComponents: rpc('rpc.workspace.model.components', withActor(IdBody), ModelComponents),
  // Components (spec 001 §3, §7; ADR 0051)
  createComponent: rpc('rpc.workspace.component.create', withActor(CreateComponentBody), Component),
  listComponents: rpc('rpc.workspace.component.list', withActor(ListComponentsQuery), ComponentList),
  updateComponent: rpc('rpc.workspace.component.update', withActor(IdBody.extend({ changes: UpdateComponentBody })), Component),
  deleteComponent: rpc('rpc.workspace.component.delete', withActor(IdBody), Component),
  componentUsage: rpc('rpc.workspace.component.used', withActor(IdBody), ComponentUsage),
  // Images, vector graphics, 3D objects (spec 001 §3, §7; ADR 0052)
  ...AssetItemRpc,
  // Fonts (spec 001 §3, §7; ADR 0055)
  ...FontRpc,
  // Access tokens (issue 21, ADR 0065)
  ...AccessTokenRpc,
  // Textures, texture associations, scenes (spec 001 §3, §7; ADR 0061)
  ...TextureRpc,
  ...EnvironmentMapRpc,
  updateProfile: rpc('rpc.workspace.user.update-profile', withActor(UpdateProfileBody), User),

  // Teams, projects, members (spec 000 §7, spec 001 §7)
  listMyTeams: rpc('rpc.workspace.team.list-mine', withActor(z.object({})), TeamList),
  getTeam: rpc('rpc.workspace.team.get', withActor(IdBody), Team),
  createTeam: rpc('rpc.workspace.team.create', creating(CreateTeamBody), Team),
  updateTeam: rpc('rpc.workspace.team.update', withActor(IdBody.extend({ changes: UpdateTeamBody })), Team),
  deleteTeam: rpc('rpc.workspace.team.delete', withActor(IdBody), Team),
  listProjects: rpc('rpc.workspace.team.project.list', withActor(z.object({ teamId: z.string() })), ProjectList),
  createProject: rpc('rpc.workspace.team.project.create', creating(CreateProjectBody), Project),
  updateProject: rpc('rpc.workspace.team.project.update', withActor(IdBody.extend({ changes: UpdateProjectBody })), Project),
  deleteProject: rpc('rpc.workspace.team.project.delete', withActor(IdBody), Project),
  listMembers: rpc('rpc.workspace.team.member.list', withActor(ListMembersQuery), TeamMemberList),
  inviteMember: rpc('rpc.workspace.team.member.invite', withActor(InviteMemberBody), TeamMember),
  changeMemberRole: rpc('rpc.workspace.team.member.change-role', withActor(IdBody.extend({ changes: ChangeMemberRoleBody })), TeamMember),
  removeMember: rpc('rpc.workspace.team.member.remove', withActor(IdBody), TeamMember),

  // Model access, sharing, favorites (spec 000 §2, §4, §6, §7)
  modelAccessibility: rpc('rpc.workspace.model.accessibility', withActor(IdBody), ModelAccessibility),
  duplicateModel: rpc('rpc.workspace.model.duplicate', withActor(IdBody.extend({ changes: DuplicateModelBody })), Model),
  shareWithEveryone: rpc('rpc.workspace.model.share-with-everyone', withActor(IdBody.extend({ changes: ShareWithEveryoneBody })), Model),
  getModelShares: rpc('rpc.workspace.model.shares', withActor(IdBody), ModelShares),
  shareModel: rpc('rpc.workspace.model.share', withActor(IdBody.extend({ changes: ShareModelBody })), ModelShares),
  listSharedWithMe: rpc('rpc.workspace.shared-model.list-mine', withActor(ModelListQuery), SharedModelList),
  changeShareRole: rpc('rpc.workspace.shared-model.change-role', withActor(IdBody.extend({ changes: ChangeShareRoleBody })), SharedModel),
  removeShare: rpc('rpc.workspace.shared-model.remove', withActor(IdBody), SharedModel),
  listShareUsers: rpc('rpc.workspace.shared-model.user-list', withActor(z.object({})), ShareUserList),
  listFavorites: rpc('rpc.workspace.favorite.list-mine', withActor(ModelListQuery), FavoriteList),
  toggleFavorite: rpc('rpc.workspace.favorite.toggle', withActor(ToggleFavoriteBody), FavoriteStatus),
  removeFavorite: rpc('rpc.workspace.favorite.remove', withActor(IdBody), Favorite),

  // Notifications (spec 000 §4, §7)
  listNotifications: rpc('rpc.workspace.notification.list', withActor(ListNotificationsQuery), NotificationPage),
  countNotifications: rpc('rpc.workspace.notification.count', withActor(z.object({})), NotificationCount),
  readNotification: rpc('rpc.workspace.notification.read', withActor(IdBody), Notification),
  readAllNotifications: rpc('rpc.workspace.notification.read-all', withActor(z.object({})), NotificationCount),

  /** The BFF's realtime gateway: which rooms a newly connected user's sockets join (ADR 0019). */
  pushAudience: rpc(
    'rpc.workspace.realtime.audience',
    withActor(z.object({})),
    z.object({
      teams: z.array(z.object({ teamId: z.string(), role: z.enum(['owner', 'editor', 'viewer']) })),
      shares: z.array(z.object({ modelId: z.string(), role: z.enum(['viewer', 'editor', 'configurator', 'inspector']) })),
    }),
  ),
} as const;
