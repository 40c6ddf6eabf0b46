import { AnyEventEnvelope, ModelShareSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { Projection, snapshotProjection } from '@kiln/service-kit';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { copiedFromState, copyAllFromState, lockModels, refreshSharedWithUser } from './copied-model-columns';

type ShareRow = WorkspaceDatabase['model_shares'];

const shareOf = (event: AnyEventEnvelope) => (event.data as { share: ModelShareSnapshot }).share;

const snapshots = snapshotProjection<ShareRow & Record<string, unknown>>({
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
    const share = shareOf(event);
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
      // The model's name and dates, for the order and search of "Shared with me" (copied-model-columns.ts).
      ...(await copiedFromState(trx, share.modelId, false, new Date(event.occurredAt))),
    };
    if (event.type === 'workspace.model-share.removed.v1') return { ...row, email: '' };
    const state = await trx.withSchema(SCHEMA).selectFrom('model_shares').select('email').where('id', '=', share.id).executeTakeFirst();
    return state ? { ...row, email: state.email } : null;
  },
  source: { table: 'model_shares', toRow: (state) => ({ ...state }) },
});

/**
 * Builds `model_share_view` from share events. Snapshots carry a version, so a stale event never wins; a
 * removed share stays as a tombstone (highest version) with its e-mail blanked. Events carry no e-mail
 * (ADR 0018): it is read from the `model_shares` state when applied; a share already gone from the state
 * is not shown (its removal event writes the tombstone). Each row also carries the model's columns the
 * list sorts and searches on, read from `models`. A rebuild copies `model_shares`, then those columns.
 */
export const ProjectModelSharesOnShareEvents: Projection = {
  ...snapshots,
  apply: (trx, event) => ProjectModelSharesOnShareEvents.applyBatch!(trx, [event]),
  // A batch locks its models in key order up front (see `lockModels`); the recipients' favorites of
  // those models then say again whether the model is shared with them (favorite_view.shared_with_user).
  async applyBatch(trx, events) {
    await lockModels(
      trx,
      events.map((event) => shareOf(event).modelId),
    );
    await snapshots.applyBatch!(trx, events);
    await refreshSharedWithUser(
      trx,
      events.map((event) => shareOf(event)),
    );
  },
  async rebuild(trx) {
    const written = await snapshots.rebuild(trx);
    await copyAllFromState(trx, 'model_share_view');
    return written;
  },
};
