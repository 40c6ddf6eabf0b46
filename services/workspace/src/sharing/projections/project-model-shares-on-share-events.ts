import { ModelShareSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { snapshotProjection } from '@kiln/service-kit';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

type ShareRow = WorkspaceDatabase['model_shares'];

/**
 * Builds `model_share_view` from share events. Snapshots carry a version, so a stale event never wins; a
 * removed share stays as a tombstone (highest version) with its e-mail blanked. Events carry no e-mail
 * (ADR 0018): it is read from the `model_shares` state when applied; a share already gone from the state
 * is not shown (its removal event writes the tombstone). A rebuild copies `model_shares`.
 */
export const ProjectModelSharesOnShareEvents = snapshotProjection<ShareRow & Record<string, unknown>>({
  name: 'project-model-shares-on-share-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.model-share.>',
  schema: SCHEMA,
  table: 'model_share_view',
  key: 'id',
  version: 'version',
  tombstone: 'deleted_at',
  isDeletion: (event) => event.type === 'workspace.model-share.removed.v1',
  async toRow(event, trx) {
    const share = (event.data as { share: ModelShareSnapshot }).share;
    const row = {
      id: share.id,
      model_id: share.modelId,
      owner_id: share.ownerId,
      user_id: share.userId,
      role: share.role,
      shared_by_id: share.sharedById,
      created_at: new Date(share.createdAt),
      updated_at: new Date(share.updatedAt),
      version: share.version,
    };
    if (event.type === 'workspace.model-share.removed.v1') return { ...row, email: '' };
    const state = await trx.withSchema(SCHEMA).selectFrom('model_shares').select('email').where('id', '=', share.id).executeTakeFirst();
    return state ? { ...row, email: state.email } : null;
  },
  source: { table: 'model_shares', toRow: (state) => ({ ...state }) },
});
