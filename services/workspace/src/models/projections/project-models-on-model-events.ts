import { ModelSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { snapshotProjection } from '@kiln/service-kit';
import { stateToRow } from '../adapters/model-row.mapper';
import { ModelRow, SCHEMA } from '../../database.types';

/**
 * Builds `model_view` from model events. Snapshots carry a version, so a stale event never wins, and a
 * deletion is kept as a tombstone (the highest version), so nothing older can bring the model back.
 * A rebuild copies the `models` state table.
 */
export const ProjectModelsOnModelEvents = snapshotProjection<ModelRow & Record<string, unknown>>({
  name: 'project-models-on-model-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.model.>',
  schema: SCHEMA,
  table: 'model_view',
  key: 'id',
  version: 'version',
  tombstone: 'deleted_at',
  toRow: (event) => ({ ...stateToRow((event.data as { model: ModelSnapshot }).model) }),
  isDeletion: (event) => event.type === 'workspace.model.deleted.v1',
  source: { table: 'models', toRow: (state) => ({ ...state }) },
  // A batch is one self-committing upsert (ADR 0036): the rows come from the events alone.
  rowsFromEvents: true,
});
