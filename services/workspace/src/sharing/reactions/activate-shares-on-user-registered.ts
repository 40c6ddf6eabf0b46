import { WORKSPACE_STREAM } from '@kiln/contracts';
import { Projection } from '@kiln/service-kit';
import { Transaction } from 'kysely';
import { WorkspaceDatabase } from '../../database.types';
import { emailOfIn, pendingForEmailIn, saveShareIn } from '../adapters/pg-sharing.repository';
import { causedBy } from './end-shares-and-favorites-on-model-deleted';

/**
 * A model shared with an e-mail that had no account waits (pending); when that person signs up, their
 * pending shares become theirs (`model-share.activated.v1`). The e-mail is read from the `users` state
 * (events carry ids only). State and outbox are written in the runner's transaction, which records the
 * event as processed, so a redelivery does nothing. No read model of its own: a rebuild does nothing.
 */
export const ActivateSharesOnUserRegistered: Projection = {
  name: 'activate-shares-on-user-registered',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.user.registered.*',
  async apply(trx, event) {
    const db = trx as Transaction<WorkspaceDatabase>;
    const email = await emailOfIn(db, event.aggregateId);
    if (!email) return; // erased since
    const meta = causedBy(event);
    for (const share of await pendingForEmailIn(db, email)) {
      share.activate(event.aggregateId, meta.occurredAt);
      await saveShareIn(db, share, meta);
    }
  },
  async rebuild() {
    return 0;
  },
};
