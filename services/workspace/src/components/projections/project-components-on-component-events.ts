import { ComponentSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { snapshotProjection } from '@kiln/service-kit';
import { ComponentRow, stateToRow } from '../adapters/component-row.mapper';
import { SCHEMA } from '../../database.types';

/**
 * Builds `component_view` from component events. Snapshots carry a version, so a stale event never wins,
 * and a deletion is kept as a tombstone. A rebuild copies the `components` state table.
 */
export const ProjectComponentsOnComponentEvents = snapshotProjection<ComponentRow & Record<string, unknown>>({
  name: 'project-components-on-component-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.component.>',
  schema: SCHEMA,
  table: 'component_view',
  key: 'id',
  version: 'version',
  tombstone: 'deleted_at',
  toRow: (event) => ({ ...stateToRow((event.data as { component: ComponentSnapshot }).component) }),
  isDeletion: (event) => event.type === 'workspace.component.deleted.v1',
  source: { table: 'components', toRow: (state) => ({ ...state }) },
  rowsFromEvents: true,
});
