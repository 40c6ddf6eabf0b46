/**
 * Workspace-core paths of the benchmark: the bell's unread count and the first page of "Shared with me".
 * Their data is seeded straight into the workspace schema (setup, not what is measured), in both the state
 * table and its read model, as the projections would leave them.
 */
import { Pool } from 'pg';
import { newId } from '../../services/kit/src/ids';
import { BenchUser } from './kiln';
import { NamedOperation } from './stats';

async function inTransaction(
  pool: Pool,
  work: (query: (text: string, values: unknown[]) => Promise<unknown>) => Promise<void>,
  vacuum: string[],
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await work((text, values) => client.query(text, values));
    await client.query('COMMIT');
    for (const table of vacuum) await client.query(`VACUUM ANALYZE workspace.${table}`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Shares every one of `modelIds` (authored by `ownerId`) with `recipient` as viewer. */
export async function seedShares(pool: Pool, ownerId: string, recipient: { id: string; email: string }, modelIds: string[]): Promise<void> {
  const now = Date.now();
  const ids = modelIds.map((_, i) => newId(new Date(now - i * 1000)));
  const times = modelIds.map((_, i) => new Date(now - i * 1000).toISOString());
  await inTransaction(
    pool,
    async (query) => {
      for (const table of ['model_shares', 'model_share_view']) {
        await query(
          `INSERT INTO workspace.${table} (id, model_id, owner_id, user_id, email, role, shared_by_id, created_at, updated_at, version)
           SELECT id, model_id, $3, $4, $5, 'viewer', $3, at, at, 1 FROM unnest($1::text[], $2::text[], $6::timestamptz[]) AS t(id, model_id, at)`,
          [ids, modelIds, ownerId, recipient.id, recipient.email, times],
        );
      }
      // The model columns the share projection copies into its rows (migration 0009).
      await query(
        `UPDATE workspace.model_share_view v
         SET model_name = m.name, model_created_at = m.created_at, model_updated_at = m.updated_at, model_version = m.version
         FROM workspace.models m WHERE m.id = v.model_id AND v.id = ANY($1::text[])`,
        [ids],
      );
    },
    ['model_share_view'],
  );
}

/** `count` notifications for `recipientId`, one in `unreadEvery` unread. */
export async function seedNotifications(pool: Pool, recipientId: string, count: number, unreadEvery: number): Promise<void> {
  const now = Date.now();
  const ids: string[] = [];
  const times: string[] = [];
  const read: boolean[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(now - (i + 60) * 1000);
    ids.push(newId(at));
    times.push(at.toISOString());
    read.push(i % unreadEvery !== 0);
  }
  const data = JSON.stringify({ link: '/shared-models' });
  await inTransaction(
    pool,
    async (query) => {
      await query(
        `INSERT INTO workspace.notifications (id, recipient_id, type, message, data, read, disabled, created_at, version, source_event_id)
         SELECT id, $2, 'shared-model.create', 'A bench notification.', $3::jsonb, r, false, at, 1, id
         FROM unnest($1::text[], $4::timestamptz[], $5::boolean[]) AS t(id, at, r)`,
        [ids, recipientId, data, times, read],
      );
      await query(
        `INSERT INTO workspace.notification_view (id, recipient_id, type, message, data, read, disabled, created_at, version)
         SELECT id, recipient_id, type, message, data, read, disabled, created_at, version FROM workspace.notifications WHERE recipient_id = $1`,
        [recipientId],
      );
    },
    ['notifications', 'notification_view'],
  );
}

/** GET /api/notification/user-notification/count: what every page load asks for the bell. */
export function notificationCountOperation(url: string, user: BenchUser, expectUnread: number): NamedOperation {
  const target = `${url}/api/notification/user-notification/count`;
  const headers = { authorization: `Bearer ${user.token}` };
  return {
    name: 'notification count',
    op: async () => {
      const res = await fetch(target, { headers });
      if (res.status !== 200) throw new Error(`GET ${target}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { unreadCount: number };
      if (body.unreadCount !== expectUnread) throw new Error(`GET ${target}: expected ${expectUnread} unread, got ${body.unreadCount}`);
    },
  };
}

/** GET /api/workspace/shared-model/my, first page of 20 with the models populated. */
export function sharedWithMeOperation(url: string, user: BenchUser, minTotal: number): NamedOperation {
  const q = new URLSearchParams({ skip: '0', limit: '20', sort: 'updatedAt DESC' });
  const target = `${url}/api/workspace/shared-model/my?${q}`;
  const headers = { authorization: `Bearer ${user.token}` };
  return {
    name: 'shared-with-me first',
    op: async () => {
      const res = await fetch(target, { headers });
      if (res.status !== 200) throw new Error(`GET ${target}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { data: { modelName: string }[]; total: number };
      if (body.data.length !== 20 || body.total < minTotal)
        throw new Error(`GET ${target}: expected 20 of ≥${minTotal} shares, got ${body.data.length} of ${body.total}`);
    },
  };
}
