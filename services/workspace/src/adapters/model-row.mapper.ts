import { ModelSnapshot } from '@kiln/contracts';
import { ModelState, ShareAs } from '@kiln/domain';
import { ModelRow } from '../database.types';

const date = (value: Date | string) => new Date(value);

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
    created_at: date(state.createdAt),
    updated_at: date(state.updatedAt),
    version: state.version,
  };
}
