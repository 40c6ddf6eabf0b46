import { TextureAssociationSnapshot, TextureSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { snapshotProjection } from '@kiln/service-kit';
import { associationStateToRow, stateToRow, TextureAssociationRow, TextureRow } from '../adapters/texture-row.mapper';
import { SCHEMA } from '../../database.types';

/**
 * Builds `texture_view` from the textures' events. Snapshots carry a version, so a stale event never wins,
 * and a deletion is kept as a tombstone. A rebuild copies the `textures` state table.
 */
export const ProjectTexturesOnTextureEvents = snapshotProjection<TextureRow & Record<string, unknown>>({
  name: 'project-textures-on-texture-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.texture.>',
  schema: SCHEMA,
  table: 'texture_view',
  key: 'id',
  version: 'version',
  tombstone: 'deleted_at',
  toRow: (event) => ({ ...stateToRow((event.data as { texture: TextureSnapshot }).texture) }),
  isDeletion: (event) => event.type === 'workspace.texture.deleted.v1',
  source: { table: 'textures', toRow: (state) => ({ ...state }) },
  rowsFromEvents: true,
});

/** Builds `texture_association_view` from the associations' events (a removal kept as a tombstone); a rebuild copies `texture_associations`. */
export const ProjectTextureAssociationsOnAssociationEvents = snapshotProjection<TextureAssociationRow & Record<string, unknown>>({
  name: 'project-texture-associations-on-association-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.texture-association.>',
  schema: SCHEMA,
  table: 'texture_association_view',
  key: 'id',
  version: 'version',
  tombstone: 'deleted_at',
  toRow: (event) => ({ ...associationStateToRow((event.data as { association: TextureAssociationSnapshot }).association) }),
  isDeletion: (event) => event.type === 'workspace.texture-association.deleted.v1',
  source: { table: 'texture_associations', toRow: (state) => ({ ...state }) },
  rowsFromEvents: true,
});
