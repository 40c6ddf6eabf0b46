import { EnvironmentMapSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { snapshotProjection } from '@kiln/service-kit';
import { EnvironmentMapRow, stateToRow } from '../adapters/environment-map-row.mapper';
import { SCHEMA } from '../../database.types';

/** Builds `environment_map_view` from the scenes' events (versioned; a deletion kept as a tombstone); a rebuild copies `environment_maps`. */
export const ProjectEnvironmentMapsOnEnvironmentMapEvents = snapshotProjection<EnvironmentMapRow & Record<string, unknown>>({
  name: 'project-environment-maps-on-environment-map-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.environment-map.>',
  schema: SCHEMA,
  table: 'environment_map_view',
  key: 'id',
  version: 'version',
  tombstone: 'deleted_at',
  toRow: (event) => ({ ...stateToRow((event.data as { environmentMap: EnvironmentMapSnapshot }).environmentMap) }),
  isDeletion: (event) => event.type === 'workspace.environment-map.deleted.v1',
  source: { table: 'environment_maps', toRow: (state) => ({ ...state }) },
  rowsFromEvents: true,
});
