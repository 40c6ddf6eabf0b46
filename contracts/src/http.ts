import { z } from 'zod';
import { passThrough } from './common/contract-builders';
import { Actor, ErrorBody } from './common/errors';
import { AssetsHttpRoutes } from './assets/media';
import { BusinessHttpRoutes } from './commerce/business.routes';
import { StoreOrdersHttpRoutes } from './commerce/store-orders';
import { WebhookHttpRoutes } from './integrations/webhooks';
import { EventsHttpRoutes } from './integrations/events-feed';
import { ProductHttpRoutes } from './commerce/product';
import { PluginHttpRoutes } from './plugins/plugin';
import { WorkspaceRpc } from './rpc';
import { AssetItemHttpRoutes } from './workspace/asset-items';
import { FontHttpRoutes } from './workspace/fonts';
import { AccessTokenHttpRoutes } from './workspace/access-tokens';
import { TextureHttpRoutes } from './workspace/texture';
import { EnvironmentMapHttpRoutes } from './workspace/environment-map';
import { AuthAnswer, LoginBody, RegisterBody } from './workspace/auth';
import {
  Component,
  ComponentIdParams,
  ComponentList,
  ComponentUsage,
  CreateComponentBody,
  ListComponentsQuery,
  UpdateComponentBody,
} from './workspace/component';
import {
  CreateModelBody,
  DeletedModelList,
  ListModelsQuery,
  Model,
  ModelComponents,
  ModelIdParams,
  ModelList,
  ModelView,
  RecentlyDeletedQuery,
  SetModelComponentsBody,
  SetModelGeometryBody,
  UpdateModelBody,
} from './workspace/model';
import { ListNotificationsQuery, Notification, NotificationCount, NotificationPage } from './workspace/notification';
import {
  ChangeShareRoleBody,
  DuplicateModelBody,
  Favorite,
  FavoriteList,
  FavoriteStatus,
  IdParams,
  ModelAccessibility,
  ModelListQuery,
  ModelShares,
  SharedModel,
  SharedModelList,
  ShareModelBody,
  ShareUserList,
  ShareWithEveryoneBody,
  ToggleFavoriteBody,
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
  TeamIdParams,
  TeamList,
  TeamMember,
  TeamMemberList,
  UpdateProjectBody,
  UpdateTeamBody,
} from './workspace/team';
import { UpdateProfileBody, User } from './workspace/user';

/** Largest request body a route accepts unless it says otherwise (bytes); larger ones are 413. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** A NATS request/reply the BFF can make (see rpc.ts). */
export interface RpcRef {
  subject: string;
  request: z.ZodTypeAny;
  reply: z.ZodTypeAny;
}

/** What a pass-through route hands its `toRpc`: the caller and the validated request parts, as sent. */
export interface RouteInput<P = unknown, Q = unknown, B = unknown> {
  actor: Actor;
  params: P;
  query: Q;
  body: B;
  /** The `Idempotency-Key` header of an `idempotent` route, when the client sent one. */
  idempotencyKey?: string;
  /** The version in the `If-Match` header of a `versioned` route, when the client sent one. */
  ifMatch?: number;
}

/** One HTTP route of the BFF: the BFF validates with these schemas and /api/docs is generated from them. */
export interface HttpRoute {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  summary: string;
  auth: boolean;
  params?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  response: z.ZodTypeAny;
  status?: number;
  /** Largest body accepted, in bytes; DEFAULT_BODY_LIMIT when absent. */
  bodyLimit?: number;
  /** A streamed multipart upload (hand-written in the BFF, ADR 0033): the JSON body parser leaves it alone. */
  multipart?: { field: string; maxBytes: number };
  /**
   * A body read as raw bytes by the route's own handler (a webhook whose signature covers the exact bytes, ADR 0060):
   * the JSON body parser leaves it alone; `bodyLimit` still bounds it.
   */
  rawBody?: true;
  /** A create that accepts an `Idempotency-Key` header: a repeat with the same key creates nothing. */
  idempotent?: boolean;
  /**
   * A versioned record (ADR 0029): the answer's `version` goes out as its `ETag`, and an `If-Match`
   * header is passed on as `ifMatch` (the service answers 412 when the record changed since).
   */
  versioned?: boolean;
  /**
   * Pass-through routes only: the service call the BFF makes, and how the request becomes its payload.
   * The BFF registers these routes itself; routes without `rpc` (the ones that set cookies) are hand-written.
   */
  rpc?: RpcRef;
  toRpc?(input: RouteInput): unknown;
}

const Ok = z.object({ ok: z.literal(true) });

export const HttpRoutes = {
  register: { method: 'post', path: '/api/auth/register', summary: 'Sign up', auth: false, body: RegisterBody, response: AuthAnswer, status: 201 },
  login: { method: 'post', path: '/api/auth/login', summary: 'Sign in', auth: false, body: LoginBody, response: AuthAnswer },
  logout: { method: 'post', path: '/api/auth/logout', summary: 'Sign out', auth: false, response: Ok },
  me: { method: 'get', path: '/api/auth/me', summary: 'The signed-in user', auth: true, response: User },
  createModel: passThrough({
    method: 'post',
    path: '/api/workspace/model',
    summary: 'Create a model',
    auth: true,
    body: CreateModelBody,
    response: Model,
    status: 201,
    idempotent: true,
    rpc: WorkspaceRpc.createModel,
    toRpc: ({ actor, body, idempotencyKey }) => ({ actor, body, ...(idempotencyKey ? { idempotencyKey } : {}) }),
  }),
  listModels: passThrough({
    method: 'get',
    path: '/api/workspace/model',
    summary: 'List, search and sort my models',
    auth: true,
    query: ListModelsQuery,
    response: ModelList,
    rpc: WorkspaceRpc.listModels,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  // Before `/model/{id}`, so that "recently-deleted" is never taken for an id (ADR 0048).
  listRecentlyDeleted: passThrough({
    method: 'get',
    path: '/api/workspace/model/recently-deleted',
    summary: 'My deleted models I can still restore (30 days), newest deletion first',
    auth: true,
    query: RecentlyDeletedQuery,
    response: DeletedModelList,
    rpc: WorkspaceRpc.listRecentlyDeleted,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  restoreModel: passThrough({
    method: 'patch',
    path: '/api/workspace/model/restore/{id}',
    summary: 'Restore a deleted model with its shares and favorites (owner only, within 30 days)',
    auth: true,
    params: ModelIdParams,
    response: Model,
    rpc: WorkspaceRpc.restoreModel,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  getModel: passThrough({
    method: 'get',
    path: '/api/workspace/model/{id}',
    summary: 'One model',
    auth: true,
    params: ModelIdParams,
    response: Model,
    rpc: WorkspaceRpc.getModel,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  updateModel: passThrough({
    method: 'patch',
    path: '/api/workspace/model/{id}',
    summary: 'Rename a model or change its description',
    auth: true,
    params: ModelIdParams,
    body: UpdateModelBody,
    response: Model,
    rpc: WorkspaceRpc.updateModel,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
  // A model's geometry and what the viewer shows (ADR 0054). The GET routes are the BFF's own (bff/src/models/model-views.ts):
  // a session is optional there, an anonymous caller sees a model whose 'Everyone' link gives access.
  setModelGeometry: passThrough({
    method: 'patch',
    path: '/api/workspace/model/{id}/geometry',
    summary: "Take a model's geometry from a 3D object of its scope ({object3dId}), or give it up ({object3dId: null}); as changing the model",
    auth: true,
    params: ModelIdParams,
    body: SetModelGeometryBody,
    response: Model,
    rpc: WorkspaceRpc.setModelGeometry,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
  setModelComponents: passThrough({
    method: 'patch',
    path: '/api/workspace/model/{id}/components',
    summary: 'Record the components (of its scope) a model uses, all of them, so their used count is true; as changing the model (ADR 0054)',
    auth: true,
    params: ModelIdParams,
    body: SetModelComponentsBody,
    response: ModelComponents,
    rpc: WorkspaceRpc.setModelComponents,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
  modelComponents: passThrough({
    method: 'get',
    path: '/api/workspace/model/{id}/components',
    summary: 'The components a model uses (ADR 0054), to whoever may see the model',
    auth: true,
    params: ModelIdParams,
    response: ModelComponents,
    rpc: WorkspaceRpc.modelComponents,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  modelView: {
    method: 'get',
    path: '/api/workspace/model/{id}/view',
    summary:
      "A model's name and whether it has geometry, for the viewer and /embed/{id}: signed in with a role, or anyone through its 'Everyone' link; else 404",
    auth: false,
    params: ModelIdParams,
    response: ModelView,
  } satisfies HttpRoute,
  modelGeometryFile: {
    method: 'get',
    path: '/api/workspace/model/{id}/geometry',
    summary: "The glb the viewer shows of a model's geometry (model/gltf-binary), to whoever may see the model (as /view); 404 without geometry",
    auth: false,
    params: ModelIdParams,
    response: z.string().describe("the file's bytes"),
  } satisfies HttpRoute,
  modelThumbnail: {
    method: 'get',
    path: '/api/workspace/model/{id}/thumbnail',
    summary: "The PNG preview rendered from a model's geometry, to whoever may see the model (as /view); 404 without geometry",
    auth: false,
    params: ModelIdParams,
    response: z.string().describe("the file's bytes"),
  } satisfies HttpRoute,
  deleteModel: passThrough({
    method: 'delete',
    path: '/api/workspace/model/{id}',
    summary: 'Delete a model',
    auth: true,
    params: ModelIdParams,
    response: Model,
    rpc: WorkspaceRpc.deleteModel,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  // Components (spec 001 §7; ADR 0051). `/component/used/{id}` and `/component/model/{id}` before any `/component/{id}`.
  createComponent: passThrough({
    method: 'post',
    path: '/api/workspace/component',
    summary: 'Create a component (personal, team or project scope)',
    auth: true,
    body: CreateComponentBody,
    response: Component,
    status: 201,
    rpc: WorkspaceRpc.createComponent,
    toRpc: ({ actor, body }) => ({ actor, body }),
  }),
  listComponents: passThrough({
    method: 'get',
    path: '/api/workspace/component',
    summary: 'List, search and sort the components of a scope (20 a page)',
    auth: true,
    query: ListComponentsQuery,
    response: ComponentList,
    rpc: WorkspaceRpc.listComponents,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  componentUsage: passThrough({
    method: 'get',
    path: '/api/workspace/component/used/{id}',
    summary: 'How many models use a component',
    auth: true,
    params: ComponentIdParams,
    response: ComponentUsage,
    rpc: WorkspaceRpc.componentUsage,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  deleteComponent: passThrough({
    method: 'delete',
    path: '/api/workspace/component/model/{id}',
    summary: 'Delete a component no model uses',
    auth: true,
    params: ComponentIdParams,
    response: Component,
    rpc: WorkspaceRpc.deleteComponent,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  updateComponent: passThrough({
    method: 'patch',
    path: '/api/workspace/component/{id}',
    summary: 'Rename a component or change its description',
    auth: true,
    params: ComponentIdParams,
    body: UpdateComponentBody,
    response: Component,
    rpc: WorkspaceRpc.updateComponent,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
  updateProfile: passThrough({
    method: 'patch',
    path: '/api/auth/me',
    summary: 'Change my profile (full name)',
    auth: true,
    body: UpdateProfileBody,
    response: User,
    rpc: WorkspaceRpc.updateProfile,
    toRpc: ({ actor, body }) => ({ actor, body }),
  }),

  // Teams (spec 000 §7). `/team/my` is listed before `/team/{id}` so that "my" is never taken for an id.
  listMyTeams: passThrough({
    method: 'get',
    path: '/api/workspace/team/my',
    summary: 'The teams I am an active member of, with their projects',
    auth: true,
    response: TeamList,
    rpc: WorkspaceRpc.listMyTeams,
    toRpc: ({ actor }) => ({ actor, body: {} }),
  }),
  createTeam: passThrough({
    method: 'post',
    path: '/api/workspace/team/my',
    summary: 'Create a team (I become its owner)',
    auth: true,
    body: CreateTeamBody,
    response: Team,
    status: 201,
    idempotent: true,
    rpc: WorkspaceRpc.createTeam,
    toRpc: ({ actor, body, idempotencyKey }) => ({ actor, body, ...(idempotencyKey ? { idempotencyKey } : {}) }),
  }),
  updateTeam: passThrough({
    method: 'patch',
    path: '/api/workspace/team/my/{id}',
    summary: 'Team settings: name, description, colour (owner only)',
    auth: true,
    params: IdParams,
    body: UpdateTeamBody,
    response: Team,
    rpc: WorkspaceRpc.updateTeam,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
  getTeam: passThrough({
    method: 'get',
    path: '/api/workspace/team/{id}',
    summary: 'One team I am a member of, with its projects (403 for others)',
    auth: true,
    params: IdParams,
    response: Team,
    rpc: WorkspaceRpc.getTeam,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  deleteTeam: passThrough({
    method: 'delete',
    path: '/api/workspace/team/{id}',
    summary: 'Delete a team (owner only)',
    auth: true,
    params: IdParams,
    response: Team,
    rpc: WorkspaceRpc.deleteTeam,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),

  // Team projects (spec 001 §7)
  listProjects: passThrough({
    method: 'get',
    path: '/api/workspace/team-project/list/{teamId}',
    summary: 'The projects of a team',
    auth: true,
    params: TeamIdParams,
    response: ProjectList,
    rpc: WorkspaceRpc.listProjects,
    toRpc: ({ actor, params }) => ({ actor, body: { teamId: params.teamId } }),
  }),
  createProject: passThrough({
    method: 'post',
    path: '/api/workspace/team-project',
    summary: 'Create a project in a team (owner or editor)',
    auth: true,
    body: CreateProjectBody,
    response: Project,
    status: 201,
    idempotent: true,
    rpc: WorkspaceRpc.createProject,
    toRpc: ({ actor, body, idempotencyKey }) => ({ actor, body, ...(idempotencyKey ? { idempotencyKey } : {}) }),
  }),
  updateProject: passThrough({
    method: 'patch',
    path: '/api/workspace/team-project/{id}',
    summary: 'Rename a project or change its description (owner only)',
    auth: true,
    params: IdParams,
    body: UpdateProjectBody,
    response: Project,
    rpc: WorkspaceRpc.updateProject,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
  deleteProject: passThrough({
    method: 'delete',
    path: '/api/workspace/team-project/{id}',
    summary: 'Delete a project (owner only)',
    auth: true,
    params: IdParams,
    response: Project,
    rpc: WorkspaceRpc.deleteProject,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),

  // Team members (spec 000 §7)
  listMembers: passThrough({
    method: 'get',
    path: '/api/workspace/team-member',
    summary: 'The members of a team (`where={"teamId":…}`), with their role and status',
    auth: true,
    query: ListMembersQuery,
    response: TeamMemberList,
    rpc: WorkspaceRpc.listMembers,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  inviteMember: passThrough({
    method: 'post',
    path: '/api/workspace/team-member/invite',
    summary: 'Invite someone to a team by e-mail (owner only); pending until they have an account',
    auth: true,
    body: InviteMemberBody,
    response: TeamMember,
    status: 201,
    rpc: WorkspaceRpc.inviteMember,
    toRpc: ({ actor, body }) => ({ actor, body }),
  }),
  changeMemberRole: passThrough({
    method: 'patch',
    path: '/api/workspace/team-member/{id}',
    summary: "Change a member's role, viewer ↔ editor (owner only)",
    auth: true,
    params: IdParams,
    body: ChangeMemberRoleBody,
    response: TeamMember,
    rpc: WorkspaceRpc.changeMemberRole,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
  removeMember: passThrough({
    method: 'delete',
    path: '/api/workspace/team-member/{id}',
    summary: 'Remove a member (owner), or leave a team (the member themself)',
    auth: true,
    params: IdParams,
    response: TeamMember,
    rpc: WorkspaceRpc.removeMember,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),

  // Model access and sharing (spec 000 §7)
  modelAccessibility: passThrough({
    method: 'get',
    path: '/api/workspace/model/accessibility/{id}',
    summary: 'My role on a model and what it lets me do (also through its "Everyone" link)',
    auth: true,
    params: IdParams,
    response: ModelAccessibility,
    rpc: WorkspaceRpc.modelAccessibility,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  duplicateModel: passThrough({
    method: 'patch',
    path: '/api/workspace/model/duplicate/{id}',
    summary: 'Duplicate a model into my workspace (name defaults to "(Duplicate) " + its name)',
    auth: true,
    params: IdParams,
    body: DuplicateModelBody,
    response: Model,
    rpc: WorkspaceRpc.duplicateModel,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
  shareWithEveryone: passThrough({
    method: 'patch',
    path: '/api/workspace/model/share-with-everyone/{id}',
    summary: 'Set the "Everyone" link access of a model (owner only)',
    auth: true,
    params: IdParams,
    body: ShareWithEveryoneBody,
    response: Model,
    rpc: WorkspaceRpc.shareWithEveryone,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
  getModelShares: passThrough({
    method: 'get',
    path: '/api/workspace/model/share/{id}',
    summary: 'The people a model is shared with (owner only)',
    auth: true,
    params: IdParams,
    response: ModelShares,
    rpc: WorkspaceRpc.getModelShares,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  shareModel: passThrough({
    method: 'patch',
    path: '/api/workspace/model/share/{id}',
    summary: "Share a model with an e-mail, or change that person's role (owner only)",
    auth: true,
    params: IdParams,
    body: ShareModelBody,
    response: ModelShares,
    rpc: WorkspaceRpc.shareModel,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),

  // Shared with me (spec 000 §7)
  listSharedWithMe: passThrough({
    method: 'get',
    path: '/api/workspace/shared-model/my',
    summary: 'Models shared with me',
    auth: true,
    query: ModelListQuery,
    response: SharedModelList,
    rpc: WorkspaceRpc.listSharedWithMe,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  listShareUsers: passThrough({
    method: 'get',
    path: '/api/workspace/shared-model/user-list',
    summary: 'People I have shared models with (suggestions in the share dialog)',
    auth: true,
    response: ShareUserList,
    rpc: WorkspaceRpc.listShareUsers,
    toRpc: ({ actor }) => ({ actor, body: {} }),
  }),
  changeShareRole: passThrough({
    method: 'patch',
    path: '/api/workspace/shared-model/{id}',
    summary: "Change the role of a share (the model's owner)",
    auth: true,
    params: IdParams,
    body: ChangeShareRoleBody,
    response: SharedModel,
    rpc: WorkspaceRpc.changeShareRole,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
  removeShare: passThrough({
    method: 'delete',
    path: '/api/workspace/shared-model/{id}',
    summary: 'Remove someone from a model (owner), or leave a model shared with me',
    auth: true,
    params: IdParams,
    response: SharedModel,
    rpc: WorkspaceRpc.removeShare,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),

  // Favorites (spec 000 §7)
  listFavorites: passThrough({
    method: 'get',
    path: '/api/workspace/user-favorite/my',
    summary: 'Models I starred',
    auth: true,
    query: ModelListQuery,
    response: FavoriteList,
    rpc: WorkspaceRpc.listFavorites,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  toggleFavorite: passThrough({
    method: 'post',
    path: '/api/workspace/user-favorite/update-favorite-status',
    summary: 'Star or un-star a model (a toggle)',
    auth: true,
    body: ToggleFavoriteBody,
    response: FavoriteStatus,
    rpc: WorkspaceRpc.toggleFavorite,
    toRpc: ({ actor, body }) => ({ actor, body }),
  }),
  removeFavorite: passThrough({
    method: 'delete',
    path: '/api/workspace/user-favorite/{id}',
    summary: 'Un-star a model by its favorite id',
    auth: true,
    params: IdParams,
    response: Favorite,
    rpc: WorkspaceRpc.removeFavorite,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),

  // Notifications (spec 000 §7). `/count` and `/read-all` are listed before the routes with an id.
  countNotifications: passThrough({
    method: 'get',
    path: '/api/notification/user-notification/count',
    summary: 'My unread and total notification counts',
    auth: true,
    response: NotificationCount,
    rpc: WorkspaceRpc.countNotifications,
    toRpc: ({ actor }) => ({ actor, body: {} }),
  }),
  listNotifications: passThrough({
    method: 'get',
    path: '/api/notification/user-notification',
    summary: 'My notifications, newest first, 10 a page',
    auth: true,
    query: ListNotificationsQuery,
    response: NotificationPage,
    rpc: WorkspaceRpc.listNotifications,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  readAllNotifications: passThrough({
    method: 'patch',
    path: '/api/notification/user-notification/read-all',
    summary: 'Mark all my notifications read',
    auth: true,
    response: NotificationCount,
    rpc: WorkspaceRpc.readAllNotifications,
    toRpc: ({ actor }) => ({ actor, body: {} }),
  }),
  readNotification: passThrough({
    method: 'patch',
    path: '/api/notification/user-notification/read-notification/{id}',
    summary: 'Mark one notification read',
    auth: true,
    params: IdParams,
    response: Notification,
    rpc: WorkspaceRpc.readNotification,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  ...ProductHttpRoutes,
  ...PluginHttpRoutes,
  ...AssetsHttpRoutes,
  ...AssetItemHttpRoutes,
  ...FontHttpRoutes,
  ...AccessTokenHttpRoutes,
  ...TextureHttpRoutes,
  ...EnvironmentMapHttpRoutes,
  ...BusinessHttpRoutes,
  ...StoreOrdersHttpRoutes,
  ...WebhookHttpRoutes,
  ...EventsHttpRoutes,
} satisfies Record<string, HttpRoute>;

export { ErrorBody as HttpErrorBody };
