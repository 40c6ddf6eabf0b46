import { FontSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { snapshotProjection } from '@kiln/service-kit';
import { FontRow, stateToRow } from '../adapters/font-row.mapper';
import { SCHEMA } from '../../database.types';

/**
 * Builds `font_view` from font events. Snapshots carry a version, so a stale event never wins, and a
 * deletion is kept as a tombstone. A rebuild copies the `fonts` state table.
 */
export const ProjectFontsOnFontEvents = snapshotProjection<FontRow & Record<string, unknown>>({
  name: 'project-fonts-on-font-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.font.>',
  schema: SCHEMA,
  table: 'font_view',
  key: 'id',
  version: 'version',
  tombstone: 'deleted_at',
  toRow: (event) => ({ ...stateToRow((event.data as { font: FontSnapshot }).font) }),
  isDeletion: (event) => event.type === 'workspace.font.deleted.v1',
  source: { table: 'fonts', toRow: (state) => ({ ...state }) },
  rowsFromEvents: true,
});
