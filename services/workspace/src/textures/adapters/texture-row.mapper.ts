import { TeamRole, Texture, TextureAssociationSnapshot, TextureSnapshot, TEXTURE_MAP_SLOTS } from '@kiln/contracts';
import {
  CommunityActor,
  CommunityFiles,
  communityItemEditable,
  communityItemRejectable,
  isRecentlyPublished,
  TextureAssociationState,
  TextureMaps,
  textureMediaIds,
  TextureNumbers,
  TextureState,
} from '@kiln/domain';
import type { Selectable } from 'kysely';
import { WorkspaceDatabase } from '../../database.types';

/** A row of `textures` (`texture_view` has the same columns plus `deleted_at`). */
export type TextureRow = Selectable<WorkspaceDatabase['textures']>;
export type TextureAssociationRow = Selectable<WorkspaceDatabase['texture_associations']>;

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const iso = (value: Date | string) => new Date(value).toISOString();
const date = (value: Date | string | null) => (value === null ? null : new Date(value));

export function rowToState(row: TextureRow): TextureState {
  const mapping = json<TextureNumbers>(row.mapping);
  const maps = json<TextureMaps>(row.maps);
  return {
    id: row.id,
    name: row.name,
    authorId: row.author_id,
    teamId: row.team_id,
    projectId: row.project_id,
    public: row.public,
    publishedAt: date(row.published_at),
    tags: [...row.tags],
    previewId: row.preview_id,
    offset: mapping.offset,
    repeat: mapping.repeat,
    center: mapping.center,
    rotation: mapping.rotation,
    width: mapping.width,
    height: mapping.height,
    ...Object.fromEntries(TEXTURE_MAP_SLOTS.map((slot) => [slot, maps[slot] ?? null])),
    files: json<CommunityFiles>(row.files),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    version: row.version,
  } as TextureState;
}

/** A state (the domain's, or an event's snapshot) as a row of `textures` / `texture_view`. */
export function stateToRow(state: TextureState | TextureSnapshot): TextureRow {
  const maps = Object.fromEntries(TEXTURE_MAP_SLOTS.map((slot) => [slot, state[slot] ?? null]));
  return {
    id: state.id,
    name: state.name,
    author_id: state.authorId,
    team_id: state.teamId,
    project_id: state.projectId,
    public: state.public,
    published_at: state.publishedAt === null ? null : new Date(state.publishedAt),
    tags: [...state.tags],
    preview_id: state.previewId,
    // jsonb as objects (never text: a string would be stored as a JSON string).
    mapping: {
      offset: { ...state.offset },
      repeat: { ...state.repeat },
      center: { ...state.center },
      rotation: state.rotation,
      width: state.width,
      height: state.height,
    },
    maps,
    files: { ...state.files },
    media_ids: textureMediaIds(state as TextureState),
    created_at: new Date(state.createdAt),
    updated_at: new Date(state.updatedAt),
    version: state.version,
  };
}

/** What the caller sees with a texture: their team role, whether they moderate, the time now. */
export interface Viewer {
  actor: CommunityActor;
  now: Date;
}

/** A texture as the API answers it (spec 001 §3), with what the caller may do now. */
export function stateToTexture(state: TextureState, authorName: string, viewer: Viewer): Texture {
  const file = (id: string | null) => (id && state.files[id] ? { id, ...state.files[id]! } : null);
  return {
    id: state.id,
    name: state.name,
    authorId: state.authorId,
    teamId: state.teamId,
    projectId: state.projectId,
    public: state.public,
    publishedAt: state.publishedAt ? state.publishedAt.toISOString() : null,
    tags: [...state.tags],
    previewId: state.previewId,
    offset: { ...state.offset },
    repeat: { ...state.repeat },
    center: { ...state.center },
    rotation: state.rotation,
    width: state.width,
    height: state.height,
    diffuseMap: state.diffuseMap,
    displacementMap: state.displacementMap,
    normalMap: state.normalMap,
    roughnessMap: state.roughnessMap,
    aoMap: state.aoMap,
    metallicMap: state.metallicMap,
    files: { ...state.files },
    createdAt: state.createdAt.toISOString(),
    updatedAt: state.updatedAt.toISOString(),
    version: state.version,
    author: { fullName: authorName },
    preview: file(state.previewId),
    maps: TEXTURE_MAP_SLOTS.flatMap((slot) => {
      const media = file(state[slot]);
      return media ? [{ ...media, slot }] : [];
    }),
    userRole: (viewer.actor.teamRole as TeamRole | null | undefined) ?? null,
    recentlyPublished: isRecentlyPublished(state, viewer.now),
    mayEdit: communityItemEditable(state, viewer.actor, viewer.now),
    mayReject: communityItemRejectable(state, viewer.actor, viewer.now),
  };
}

/** The library an association is in: one association of a texture per library (unique with `texture_id`). */
export const libraryOf = (a: { userId: string; teamId: string | null; projectId: string | null }): string =>
  a.teamId ? `team:${a.teamId}:${a.projectId ?? ''}` : `user:${a.userId}`;

export function associationRowToState(row: TextureAssociationRow): TextureAssociationState {
  return {
    id: row.id,
    textureId: row.texture_id,
    userId: row.user_id,
    teamId: row.team_id,
    projectId: row.project_id,
    createdAt: new Date(row.created_at),
    version: row.version,
  };
}

export function associationStateToRow(state: TextureAssociationState | TextureAssociationSnapshot): TextureAssociationRow {
  return {
    id: state.id,
    texture_id: state.textureId,
    user_id: state.userId,
    team_id: state.teamId,
    project_id: state.projectId,
    library: libraryOf(state),
    created_at: new Date(state.createdAt),
    version: state.version,
  };
}

export const associationToSnapshot = (state: TextureAssociationState): TextureAssociationSnapshot => ({
  ...state,
  createdAt: iso(state.createdAt),
});
