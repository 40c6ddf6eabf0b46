import { EnvironmentMapSnapshot, TextureAssociationSnapshot, TextureHolders, TextureSnapshot } from '@kiln/contracts';
import { TEAM_ROLES } from '@kiln/domain';
import { EventOf, PushableEvent } from './parse-event';
import { emit, PushPlan, Step } from './push-plan';
import { teamRoom, teamRooms, userRoom } from './rooms';

type Verb = 'create' | 'update' | 'delete';

export type TextureEvent = EventOf<
  'workspace.texture.created.v1' | 'workspace.texture.updated.v1' | 'workspace.texture.rejected.v1' | 'workspace.texture.deleted.v1'
>;
export type TextureAssociationEvent = EventOf<'workspace.texture-association.created.v1' | 'workspace.texture-association.deleted.v1'>;
export type EnvironmentMapEvent = EventOf<
  | 'workspace.environment-map.created.v1'
  | 'workspace.environment-map.updated.v1'
  | 'workspace.environment-map.rejected.v1'
  | 'workspace.environment-map.deleted.v1'
>;

const TEXTURE_VERBS = {
  'workspace.texture.created.v1': 'create',
  'workspace.texture.updated.v1': 'update',
  // Private again: an update of it (the community lists drop it, its author's lists keep it).
  'workspace.texture.rejected.v1': 'update',
  'workspace.texture.deleted.v1': 'delete',
} as const satisfies Record<TextureEvent['type'], Verb>;

const ASSOCIATION_VERBS = {
  'workspace.texture-association.created.v1': 'create',
  'workspace.texture-association.deleted.v1': 'delete',
} as const satisfies Record<TextureAssociationEvent['type'], Verb>;

const SCENE_VERBS = {
  'workspace.environment-map.created.v1': 'create',
  'workspace.environment-map.updated.v1': 'update',
  'workspace.environment-map.rejected.v1': 'update',
  'workspace.environment-map.deleted.v1': 'delete',
} as const satisfies Record<EnvironmentMapEvent['type'], Verb>;

export const isTextureEvent = (event: PushableEvent): event is TextureEvent => Object.hasOwn(TEXTURE_VERBS, event.type);
export const isTextureAssociationEvent = (event: PushableEvent): event is TextureAssociationEvent => Object.hasOwn(ASSOCIATION_VERBS, event.type);
export const isEnvironmentMapEvent = (event: PushableEvent): event is EnvironmentMapEvent => Object.hasOwn(SCENE_VERBS, event.type);

/** The rooms of an item's own scope: its author's user room, or every role room of its team. */
const scopeRooms = (item: { authorId: string; teamId: string | null }) => (item.teamId ? teamRooms(item.teamId) : [userRoom(item.authorId)]);

/**
 * `workspace-texture` (ADR 0061): to its scope's rooms (the author, or the team's role rooms), and a community
 * texture's update, rejection or deletion also to the libraries that added it (`holders`, named by the event),
 * each socket once (the scope's rooms are excepted from the holders' emit).
 */
export function texturePlan(event: TextureEvent): PushPlan {
  const verb = TEXTURE_VERBS[event.type];
  const texture: TextureSnapshot = event.data.texture;
  const own = scopeRooms(texture);
  const steps: Step[] = [emit('workspace-texture', own, { verb, data: texture })];
  const holders: TextureHolders | undefined = 'holders' in event.data ? event.data.holders : undefined;
  if (holders) {
    const rooms = [...holders.userIds.map(userRoom), ...holders.teamIds.flatMap(teamRooms)].filter((room) => !own.includes(room));
    if (rooms.length) steps.push(emit('workspace-texture', rooms, { verb, data: texture }, own));
  }
  return { order: { eventId: event.eventId, key: `texture:${texture.id}`, version: texture.version, deleted: verb === 'delete', revives: false }, steps };
}

/** `workspace-texture-association`: to the library's rooms (its owner, or the team's role rooms). */
export function textureAssociationPlan(event: TextureAssociationEvent): PushPlan {
  const verb = ASSOCIATION_VERBS[event.type];
  const association: TextureAssociationSnapshot = event.data.association;
  const rooms = association.teamId ? TEAM_ROLES.map((role) => teamRoom(association.teamId!, role)) : [userRoom(association.userId)];
  return {
    order: { eventId: event.eventId, key: `texture-association:${association.id}`, version: association.version, deleted: verb === 'delete', revives: false },
    steps: [emit('workspace-texture-association', rooms, { verb, data: association })],
  };
}

/** `workspace-environment-map`: to the scene's scope (its author, or the team's role rooms). */
export function environmentMapPlan(event: EnvironmentMapEvent): PushPlan {
  const verb = SCENE_VERBS[event.type];
  const scene: EnvironmentMapSnapshot = event.data.environmentMap;
  return {
    order: { eventId: event.eventId, key: `environment-map:${scene.id}`, version: scene.version, deleted: verb === 'delete', revives: false },
    steps: [emit('workspace-environment-map', scopeRooms(scene), { verb, data: scene })],
  };
}
