import { AnyEventEnvelope, ModelSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { Projection } from '@kiln/service-kit';
import { Transaction } from 'kysely';
import { stateToRow } from '../../adapters/model-row.mapper';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

/** Builds `model_view` from model events. Snapshots carry a version, so a stale event never wins. */
export const ProjectModelsOnModelEvents: Projection = {
  name: 'project-models-on-model-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.model.>',
  async reset(trx: Transaction<WorkspaceDatabase>) {
    await trx.withSchema(SCHEMA).deleteFrom('model_view').execute();
  },
  async apply(trx: Transaction<WorkspaceDatabase>, event: AnyEventEnvelope) {
    const { model } = event.data as { model: ModelSnapshot };
    const t = trx.withSchema(SCHEMA);
    if (event.type === 'workspace.model.deleted.v1') {
      await t.deleteFrom('model_view').where('id', '=', model.id).execute();
      return;
    }
    const row = stateToRow(model);
    await t
      .insertInto('model_view')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(row).where('model_view.version', '<', row.version))
      .execute();
  },
};
