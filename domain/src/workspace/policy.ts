/**
 * The workspace policy table: who may do what, written once and used by the services (every command and
 * query checks it) and by the web app (menus and buttons show what the services will allow).
 * Sources: spec 000 §6 (model and team roles, menu rules) and spec 001 §6 (team members and projects).
 * Where the spec is silent (how a team role or a share becomes a model role) see docs/adr/0017.
 */
import type { TeamRole } from '@kiln/contracts';
import type { ModelRole } from './model-permissions';

/** One TeamRole: the contracts' (the payloads carry it); the policy below says what each may do. */
export type { TeamRole };
/** Roles that can be given when inviting someone to a model (spec 000 §6). */
export type ShareRole = 'viewer' | 'editor' | 'configurator' | 'inspector';
/** The 'Everyone' link access of a model: 'private' is "No Access". */
export type EveryoneAccess = 'private' | ShareRole;

export const TEAM_ROLES: readonly TeamRole[] = ['owner', 'editor', 'viewer'];
export const MODEL_ROLES: readonly ModelRole[] = ['owner', 'editor', 'commenter', 'inspector', 'configurator', 'viewer'];
export const SHARE_ROLES: readonly ShareRole[] = ['viewer', 'editor', 'configurator', 'inspector'];
export const EVERYONE_ACCESS: readonly EveryoneAccess[] = ['private', ...SHARE_ROLES];
/** Roles an invite to a team may carry (spec 001 §6); the owner role is never given by invite. */
export const TEAM_INVITE_ROLES: readonly TeamRole[] = ['viewer', 'editor'];

const everyone = MODEL_ROLES;
const notViewerOrConfigurator = MODEL_ROLES.filter((r) => r !== 'viewer' && r !== 'configurator');

/** What a model role allows (spec 000 §6 menu rules, enforced by the service as well). */
export const MODEL_POLICY = {
  'model.read': everyone,
  'model.favorite': everyone,
  'model.open.viewer': everyone,
  'model.open.edit': notViewerOrConfigurator,
  'model.open.safeMode': notViewerOrConfigurator,
  'model.open.configurator': MODEL_ROLES.filter((r) => r !== 'commenter' && r !== 'viewer'),
  'model.rename': MODEL_ROLES.filter((r) => r !== 'viewer' && r !== 'inspector'),
  'model.duplicate': MODEL_ROLES.filter((r) => r !== 'viewer' && r !== 'inspector'),
  'model.publish': ['owner'],
  'model.share': ['owner'],
  'model.delete': ['owner'],
} as const satisfies Record<string, readonly ModelRole[]>;
export type ModelAction = keyof typeof MODEL_POLICY;

/** What a team role allows (spec 000 §6, spec 001 §6). Pending members have no role yet. */
export const TEAM_POLICY = {
  'team.read': TEAM_ROLES,
  'team.update': ['owner'],
  'team.delete': ['owner'],
  'member.list': TEAM_ROLES,
  'member.invite': ['owner'],
  'member.changeRole': ['owner'],
  'member.remove': ['owner'],
  'member.leave': ['editor', 'viewer'],
  'project.create': ['owner', 'editor'],
  'project.update': ['owner'],
  'project.delete': ['owner'],
  'model.create': ['owner', 'editor'],
  'component.create': ['owner', 'editor'],
  // A team's components (spec 001 §6, ADR 0051): every member reads them, owners and editors rename and delete them.
  'component.read': TEAM_ROLES,
  'component.change': ['owner', 'editor'],
  'component.delete': ['owner', 'editor'],
  'assets.open': ['owner', 'editor'],
  // A team's images, vector graphics and 3D objects (spec 001 §6, ADR 0052): owners and editors upload and change, viewers read only.
  'assetItem.read': TEAM_ROLES,
  'assetItem.create': ['owner', 'editor'],
  'assetItem.change': ['owner', 'editor'],
  'assetItem.delete': ['owner', 'editor'],
  // A team's fonts (spec 001 §6, ADR 0055): every member reads, owners and editors upload; only a font's author hides, groups or removes it.
  'font.read': TEAM_ROLES,
  'font.create': ['owner', 'editor'],
  // A team's textures and scenes (spec 001 §6, ADR 0061): every member reads, owners and editors create them and add or remove
  // community textures; only an item's author edits or deletes it.
  'communityItem.read': TEAM_ROLES,
  'communityItem.create': ['owner', 'editor'],
  'textureAssociation.change': ['owner', 'editor'],
  // Business records of the team (catalog, materials, services; ADR 0029): every member reads, owners and editors change.
  'business.read': TEAM_ROLES,
  'business.change': ['owner', 'editor'],
} as const satisfies Record<string, readonly TeamRole[]>;
export type TeamAction = keyof typeof TEAM_POLICY;

export function modelAllows(role: ModelRole | null | undefined, action: ModelAction): boolean {
  return role != null && (MODEL_POLICY[action] as readonly ModelRole[]).includes(role);
}

export function teamAllows(role: TeamRole | null | undefined, action: TeamAction): boolean {
  return role != null && (TEAM_POLICY[action] as readonly TeamRole[]).includes(role);
}

/** Everything a caller may reach a model through. */
export interface ModelGrants {
  isAuthor: boolean;
  /** The caller's active role in the model's team, when the model belongs to a team. */
  teamRole?: TeamRole | null;
  /** The role the model was shared with the caller. */
  shareRole?: ShareRole | null;
  /** The model's 'Everyone' link access. */
  everyone?: EveryoneAccess | null;
}

/** From the team role to the role it gives on the team's models: a team owner owns the team's models. */
const MODEL_ROLE_OF_TEAM_ROLE: Record<TeamRole, ModelRole> = { owner: 'owner', editor: 'editor', viewer: 'viewer' };

/**
 * The caller's role on a model, or null when they may not see it at all. Several grants may apply (a team
 * viewer the model was also shared with as editor); the one allowing the most wins, in MODEL_ROLES order.
 */
export function modelRoleFor(grants: ModelGrants): ModelRole | null {
  const candidates: ModelRole[] = [];
  if (grants.isAuthor) candidates.push('owner');
  if (grants.teamRole) candidates.push(MODEL_ROLE_OF_TEAM_ROLE[grants.teamRole]);
  if (grants.shareRole) candidates.push(grants.shareRole);
  if (grants.everyone && grants.everyone !== 'private') candidates.push(grants.everyone);
  if (candidates.length === 0) return null;
  return MODEL_ROLES.find((role) => candidates.includes(role)) ?? null;
}
