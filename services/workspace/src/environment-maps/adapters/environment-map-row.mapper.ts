import { EnvironmentMap, EnvironmentMapSnapshot, PreviewGeometry, TeamRole } from '@kiln/contracts';
import {
  CommunityActor,
  CommunityFiles,
  communityItemEditable,
  communityItemRejectable,
  EnvironmentMapState,
  environmentMapMediaIds,
  isRecentlyPublished,
} from '@kiln/domain';
import type { Selectable } from 'kysely';
import { WorkspaceDatabase } from '../../database.types';

/** A row of `environment_maps` (`environment_map_view` has the same columns plus `deleted_at`). */
export type EnvironmentMapRow = Selectable<WorkspaceDatabase['environment_maps']>;

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export function rowToState(row: EnvironmentMapRow): EnvironmentMapState {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tags: [...row.tags],
    public: row.public,
    publishedAt: row.published_at === null ? null : new Date(row.published_at),
    envMapId: row.env_map_id,
    previewId: row.preview_id,
    previewGeometry: row.preview_geometry as PreviewGeometry,
    authorId: row.author_id,
    teamId: row.team_id,
    projectId: row.project_id,
    files: json<CommunityFiles>(row.files),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    version: row.version,
  };
}

export function stateToRow(state: EnvironmentMapState | EnvironmentMapSnapshot): EnvironmentMapRow {
  return {
    id: state.id,
    name: state.name,
    description: state.description,
    tags: [...state.tags],
    public: state.public,
    published_at: state.publishedAt === null ? null : new Date(state.publishedAt),
    env_map_id: state.envMapId,
    preview_id: state.previewId,
    preview_geometry: state.previewGeometry,
    author_id: state.authorId,
    team_id: state.teamId,
    project_id: state.projectId,
    files: { ...state.files },
    media_ids: environmentMapMediaIds(state),
    created_at: new Date(state.createdAt),
    updated_at: new Date(state.updatedAt),
    version: state.version,
  };
}

/** A scene as the API answers it (spec 001 §3), with what the caller may do now. */
export function stateToEnvironmentMap(state: EnvironmentMapState, authorName: string, viewer: { actor: CommunityActor; now: Date }): EnvironmentMap {
  const file = (id: string | null) => (id && state.files[id] ? { id, ...state.files[id]! } : null);
  return {
    id: state.id,
    name: state.name,
    description: state.description,
    tags: [...state.tags],
    public: state.public,
    publishedAt: state.publishedAt ? state.publishedAt.toISOString() : null,
    envMapId: state.envMapId,
    previewId: state.previewId,
    previewGeometry: state.previewGeometry,
    authorId: state.authorId,
    teamId: state.teamId,
    projectId: state.projectId,
    files: { ...state.files },
    createdAt: state.createdAt.toISOString(),
    updatedAt: state.updatedAt.toISOString(),
    version: state.version,
    author: { fullName: authorName },
    envMap: file(state.envMapId),
    preview: file(state.previewId),
    userRole: (viewer.actor.teamRole as TeamRole | null | undefined) ?? null,
    recentlyPublished: isRecentlyPublished(state, viewer.now),
    mayEdit: communityItemEditable(state, viewer.actor, viewer.now),
    mayReject: communityItemRejectable(state, viewer.actor, viewer.now),
  };
}
