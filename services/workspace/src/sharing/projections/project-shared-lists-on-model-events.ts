import { AnyEventEnvelope, ModelSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { Projection } from '@kiln/service-kit';
import { Transaction } from 'kysely';
import { WorkspaceDatabase } from '../../database.types';
import { copyFromSnapshot, lockProjectionsSharedAndModels, modelsWithCopies } from './copied-model-columns';
import { ProjectFavoritesOnFavoriteEvents } from './project-favorites-on-favorite-events';
import { ProjectModelSharesOnShareEvents } from './project-model-shares-on-share-events';

const modelOf = (event: AnyEventEnvelope) => (event.data as { model?: ModelSnapshot }).model;

async function copyModels(trx: Transaction<WorkspaceDatabase>, events: AnyEventEnvelope[]): Promise<void> {
  await lockProjectionsSharedAndModels(
    trx,
    [ProjectModelSharesOnShareEvents, ProjectFavoritesOnFavoriteEvents],
    events.flatMap((event) => modelOf(event)?.id ?? []),
  );
  for (const event of events) {
    const model = modelOf(event);
    if (model) await copyFromSnapshot(trx, model, event.type === 'workspace.model.deleted.v1' ? new Date(event.occurredAt) : null);
  }
}

/**
 * Keeps the model columns copied into `model_share_view` and `favorite_view` (name, dates, version; for
 * favorites also author, team and link access) equal to the model: every model event carries the
 * model's snapshot, applied only over an older copy, so a late event never regresses the lists' order.
 * It has no table of its own: the two views' rebuilds copy these columns from `models`.
 */
export const ProjectSharedListsOnModelEvents: Projection = {
  name: 'project-shared-lists-on-model-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.model.>',
  async relevant(db, events) {
    const copied = await modelsWithCopies(db, [...new Set(events.flatMap((event) => modelOf(event)?.id ?? []))]);
    return events.filter((event) => copied.has(modelOf(event)?.id ?? ''));
  },
  apply: (trx, event) => copyModels(trx, [event]),
  applyBatch: copyModels,
  async rebuild() {
    return 0;
  },
};
