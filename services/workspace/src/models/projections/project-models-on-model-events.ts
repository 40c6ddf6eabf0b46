import { AnyEventEnvelope, ModelSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { Projection } from '@kiln/service-kit';
import { Transaction } from 'kysely';
import { stateToRow } from '../../adapters/model-row.mapper';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

/**
 * Builds `model_view` from model events. Snapshots carry a version, so a stale event never wins, and a
 * deletion is kept as a tombstone (the highest version), so nothing older can bring the model back.
 */
export const ProjectModelsOnModelEvents: Projection = {
  name: 'project-models-on-model-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.model.>',
  async reset(trx: Transaction<WorkspaceDatabase>) {
    await trx.withSchema(SCHEMA).deleteFrom('model_view').execute();
  },
  async apply(trx: Transaction<WorkspaceDatabase>, event: AnyEventEnvelope) {
    const { model } = event.data as { model: ModelSnapshot };
    const row = { ...stateToRow(model), deleted_at: event.type === 'workspace.model.deleted.v1' ? new Date(event.occurredAt) : null };
    await trx
      .withSchema(SCHEMA)
      .insertInto('model_view')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(row).where('model_view.version', '<', row.version))
      .execute();
  },
};
