import { Model, ModelSnapshot, UserSummary } from '@kiln/contracts';
import { ModelRole, ModelState, ShareAs, userDataShort } from '@kiln/domain';
import type { Selectable } from 'kysely';
import { ModelRow, WorkspaceDatabase } from '../../database.types';

/**
 * Every shape a model takes in this service, mapped in one place: the write-side row and the aggregate's
 * state (both ways), the event snapshot (to a row), and the `Model` the API answers.
 */
const date = (value: Date | string) => new Date(value);
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export type UserRow = Selectable<WorkspaceDatabase['user_view']>;
/** Which related people a model answer carries (`populate` of the list query). */
export type Populate = ReadonlySet<string>;
export const POPULATE_PEOPLE: Populate = new Set(['author', 'contributor']);

export function rowToState(row: ModelRow): ModelState {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    authorId: row.author_id,
    contributorId: row.contributor_id,
    teamId: row.team_id,
    projectId: row.project_id,
    productId: row.product_id,
    publishedAt: row.published_at ? new Date(row.published_at) : null,
    sharedWithEveryone: row.shared_with_everyone as ShareAs,
    hidden: row.hidden,
    geometry: geometryOfRow(row),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    version: row.version,
  };
}

export function stateToRow(state: ModelState | ModelSnapshot): ModelRow {
  return {
    id: state.id,
    name: state.name,
    description: state.description,
    author_id: state.authorId,
    contributor_id: state.contributorId,
    team_id: state.teamId,
    project_id: state.projectId,
    product_id: state.productId,
    published_at: state.publishedAt ? date(state.publishedAt) : null,
    shared_with_everyone: state.sharedWithEveryone,
    hidden: state.hidden,
    geometry_object3d_id: state.geometry?.object3dId ?? null,
    geometry_media_id: state.geometry?.mediaId ?? null,
    created_at: date(state.createdAt),
    updated_at: date(state.updatedAt),
    version: state.version,
  };
}

/** A row's geometry (ADR 0054): both columns or none (rows kept as JSON before migration 0015 have neither). */
export function geometryOfRow(row: Pick<ModelRow, 'geometry_object3d_id' | 'geometry_media_id'>): ModelState['geometry'] {
  return row.geometry_object3d_id && row.geometry_media_id ? { object3dId: row.geometry_object3d_id, mediaId: row.geometry_media_id } : null;
}

export function toUserSummary(row: UserRow | undefined): UserSummary | null {
  if (!row) return null;
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    avatar: (row.avatar as UserSummary['avatar']) ?? null,
    dataShort: userDataShort(row.full_name, row.id),
  };
}

/** The ids of the people a page of models needs, for one lookup. */
export function peopleOf(rows: ModelRow[], populate: Populate): string[] {
  const ids = new Set<string>();
  for (const row of rows) {
    if (populate.has('author')) ids.add(row.author_id);
    if (populate.has('contributor') && row.contributor_id) ids.add(row.contributor_id);
  }
  return [...ids];
}

/**
 * A model as the API answers it, seen by `actorId`: `access` is their role (from the policy table) and
 * their star; without it only authorship is known (the author is owner, anyone else a viewer).
 */
export function rowToModel(
  row: ModelRow,
  actorId: string,
  users: Map<string, UserRow>,
  populate: Populate,
  access?: { role: ModelRole; favorite?: boolean },
): Model {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    authorId: row.author_id,
    ...(populate.has('author') ? { author: toUserSummary(users.get(row.author_id)) ?? undefined } : {}),
    contributorId: row.contributor_id,
    ...(populate.has('contributor') ? { contributor: row.contributor_id ? toUserSummary(users.get(row.contributor_id)) : null } : {}),
    teamId: row.team_id,
    projectId: row.project_id,
    productId: row.product_id,
    publishedAt: iso(row.published_at),
    updatedAt: iso(row.updated_at)!,
    createdAt: iso(row.created_at)!,
    userRole: access?.role ?? (row.author_id === actorId ? 'owner' : 'viewer'),
    sharedWithEveryone: row.shared_with_everyone as Model['sharedWithEveryone'],
    hidden: row.hidden,
    geometry: geometryOfRow(row),
    ...(access?.favorite !== undefined ? { favorite: access.favorite } : {}),
    version: row.version,
  };
}
