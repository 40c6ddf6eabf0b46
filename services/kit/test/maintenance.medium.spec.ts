import { sql } from 'kysely';
import { pruneOnce, readRetentionSettings } from '../src';
import { KitEnv, startKitEnv } from './support/kit-env';

/** The scheduled job deletes plumbing rows past their retention and keeps fresh ones; one instance at a time. */
describe('service kit: pruning', () => {
  let env: KitEnv;
  const now = new Date('2030-01-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  beforeAll(async () => {
    env = await startKitEnv('kit_test');
    await env.db.schema.withSchema('kit_test').createTable('gadgets').addColumn('id', 'text').addColumn('expires_at', 'timestamptz').execute();
  });
  afterAll(async () => {
    await env?.stop();
  });

  const t = () => env.db.withSchema('kit_test');
  const ids = async (table: string, column: string) =>
    (await t().selectFrom(table).select(column).orderBy(column).execute()).map((r) => (r as Record<string, string>)[column]);

  it('reads its retention from the environment', () => {
    expect(readRetentionSettings({})).toEqual({ intervalMs: HOUR, outboxMs: DAY, processedEventsMs: DAY, rateLimitsMs: DAY, replayedDeadLettersMs: 30 * DAY });
    expect(readRetentionSettings({ KILN_PRUNE_INTERVAL: '5m', KILN_OUTBOX_RETENTION: '3600' })).toMatchObject({ intervalMs: 5 * 60_000, outboxMs: HOUR });
  });

  it('prunes old rows of each kind, keeps fresh ones and unpublished or unreplayed ones', async () => {
    await t()
      .insertInto('outbox')
      .values([
        { event_id: 'old-published', type: 'x', payload: '{}', created_at: ago(3 * DAY), published_at: ago(3 * DAY) },
        { event_id: 'fresh-published', type: 'x', payload: '{}', created_at: ago(HOUR), published_at: ago(HOUR) },
        { event_id: 'old-unpublished', type: 'x', payload: '{}', created_at: ago(3 * DAY), published_at: null },
      ])
      .execute();
    await t()
      .insertInto('processed_events')
      .values([
        { consumer: 'c', event_id: 'old', processed_at: ago(2 * DAY) },
        { consumer: 'c', event_id: 'fresh', processed_at: ago(HOUR) },
      ])
      .execute();
    await t()
      .insertInto('idempotency_keys')
      .values([
        { user_id: 'u', key: 'old', operation: 'op', request_hash: 'h', created_at: ago(25 * HOUR) },
        { user_id: 'u', key: 'fresh', operation: 'op', request_hash: 'h', created_at: ago(23 * HOUR) },
      ])
      .execute();
    await t()
      .insertInto('rate_limits')
      .values([
        { bucket: 'old', window_start: ago(2 * DAY), hits: 3 },
        { bucket: 'fresh', window_start: ago(60_000), hits: 1 },
      ])
      .execute();
    const letter = { consumer: 'c', subject: 's', payload: '{}', error: 'e', deliveries: 5 };
    await t()
      .insertInto('dead_letters')
      .values([
        { ...letter, event_id: 'old-replayed', failed_at: ago(40 * DAY), replayed_at: ago(31 * DAY) },
        { ...letter, event_id: 'fresh-replayed', failed_at: ago(2 * DAY), replayed_at: ago(DAY) },
        { ...letter, event_id: 'old-unreplayed', failed_at: ago(60 * DAY), replayed_at: null },
      ])
      .execute();
    await t()
      .insertInto('gadgets')
      .values([
        { id: 'expired', expires_at: ago(1) },
        { id: 'valid', expires_at: ago(-DAY) },
      ])
      .execute();

    const pruned = await pruneOnce(env.db, 'kit_test', {
      now,
      settings: readRetentionSettings({}),
      hooks: {
        gadgets: async (trx, at) => (await trx.withSchema('kit_test').deleteFrom('gadgets').where('expires_at', '<', at).executeTakeFirst()).numDeletedRows,
      },
    });

    expect(pruned).toEqual({ outbox: 1, processed_events: 1, idempotency_keys: 1, rate_limits: 1, dead_letters: 1, gadgets: 1 });
    expect(await ids('outbox', 'event_id')).toEqual(['fresh-published', 'old-unpublished']);
    expect(await ids('processed_events', 'event_id')).toEqual(['fresh']);
    expect(await ids('idempotency_keys', 'key')).toEqual(['fresh']);
    expect(await ids('rate_limits', 'bucket')).toEqual(['fresh']);
    expect(await ids('dead_letters', 'event_id')).toEqual(['fresh-replayed', 'old-unreplayed']);
    expect(await ids('gadgets', 'id')).toEqual(['valid']);
  });

  it('does nothing while another instance holds the job', async () => {
    await t()
      .insertInto('processed_events')
      .values({ consumer: 'c', event_id: 'old-again', processed_at: ago(2 * DAY) })
      .execute();
    const answer = await env.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('kit_test.prune'))`.execute(trx);
      return pruneOnce(env.db, 'kit_test', { now, settings: readRetentionSettings({}) });
    });

    expect(answer).toBeNull();
    expect(await ids('processed_events', 'event_id')).toContain('old-again');
  });
});
