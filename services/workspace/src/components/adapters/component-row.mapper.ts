import { Component, ComponentSnapshot, TeamRole } from '@kiln/contracts';
import { ComponentState } from '@kiln/domain';
import type { Selectable } from 'kysely';
import { WorkspaceDatabase } from '../../database.types';
import { toUserSummary, UserRow } from '../../models/adapters/model-row.mapper';

/** A row of `components` (`component_view` has the same columns plus `deleted_at`). */
export type ComponentRow = Selectable<WorkspaceDatabase['components']>;

const iso = (value: Date | string) => new Date(value).toISOString();

export function rowToState(row: ComponentRow): ComponentState {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    authorId: row.author_id,
    contributorId: row.contributor_id,
    teamId: row.team_id,
    projectId: row.project_id,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    version: row.version,
  };
}

export function stateToRow(state: ComponentState | ComponentSnapshot): ComponentRow {
  return {
    id: state.id,
    name: state.name,
    description: state.description,
    author_id: state.authorId,
    contributor_id: state.contributorId,
    team_id: state.teamId,
    project_id: state.projectId,
    created_at: new Date(state.createdAt),
    updated_at: new Date(state.updatedAt),
    version: state.version,
  };
}

/** A component as the API answers it; `author`/`contributor` when populated (`users` holds them). */
export function rowToComponent(row: ComponentRow, users: Map<string, UserRow> | null, userRole: TeamRole | null): Component {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    authorId: row.author_id,
    contributorId: row.contributor_id,
    teamId: row.team_id,
    projectId: row.project_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
    ...(users ? { author: toUserSummary(users.get(row.author_id)) ?? undefined } : {}),
    ...(users ? { contributor: row.contributor_id ? toUserSummary(users.get(row.contributor_id)) : null } : {}),
    userRole,
  };
}
