import { Transaction } from 'kysely';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AnyEventEnvelope, envelope } from '@kiln/contracts';
import { appendToOutbox, ensureStream, OutboxRelay, ProjectionRunner, rebuildProjection, snapshotProjection, waitForProjection } from '../src';
import { KitEnv, startKitEnv } from './support/kit-env';

/**
 * A rebuild while events flow: the read model ends equal to the state (tombstones kept), and no event is
 * applied twice, counted by a projection that logs every application.
 */
const STREAM = { name: 'KIT_RB_EVENTS', subjects: ['evt.kitrb.>'] };
const snapshot = z.object({ thing: z.object({ id: z.string(), name: z.string(), version: z.number() }) });
const schemas = {
  'kitrb.thing.saved.v1': envelope('kitrb.thing.saved.v1', snapshot),
  'kitrb.thing.deleted.v1': envelope('kitrb.thing.deleted.v1', snapshot),
};

describe('service kit: rebuilding a snapshot projection under live traffic', () => {
  let env: KitEnv;
  let relay: OutboxRelay;
  let runner: ProjectionRunner;

  const thingsSpec = {
    name: 'project-kitrb-things',
    stream: STREAM.name,
    subject: 'kitrb.>',
    schema: 'kit_test',
    table: 'thing_view',
    key: 'id',
    version: 'version',
    tombstone: 'deleted_at',
    toRow: (event: AnyEventEnvelope) => ({ ...(event.data as z.infer<typeof snapshot>).thing }),
    isDeletion: (event: AnyEventEnvelope) => event.type === 'kitrb.thing.deleted.v1',
    source: { table: 'things', toRow: (state: Record<string, unknown>) => ({ id: state.id, name: state.name, version: state.version }) },
  };
  const things = snapshotProjection(thingsSpec);
  /** The same projection, also logging each application of an event. */
  const counted = {
    ...things,
    async apply(trx: Transaction<any>, event: Parameters<typeof things.apply>[1]) {
      await trx.withSchema('kit_test').insertInto('applied_log').values({ event_id: event.eventId }).execute();
      await things.apply(trx, event);
    },
    // Events that arrive together are applied as a batch: logged the same way.
    async applyBatch(trx: Transaction<any>, events: Parameters<typeof things.apply>[1][]) {
      await trx
        .withSchema('kit_test')
        .insertInto('applied_log')
        .values(events.map((event) => ({ event_id: event.eventId })))
        .execute();
      await things.applyBatch!(trx, events);
    },
  };

  beforeAll(async () => {
    env = await startKitEnv('kit_test');
    const s = env.db.schema.withSchema('kit_test');
    await s
      .createTable('things')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text')
      .addColumn('version', 'integer')
      .execute();
    await s
      .createTable('thing_view')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text')
      .addColumn('version', 'integer')
      .addColumn('deleted_at', 'timestamptz')
      .execute();
    await s.createTable('applied_log').addColumn('event_id', 'text').execute();
    await ensureStream(env.jsm, STREAM);
    relay = new OutboxRelay(env.db, env.pool, 'kit_test', env.js, () => undefined);
    await relay.start();
    runner = new ProjectionRunner(env.db, 'kit_test', env.jsm, env.js, counted, () => undefined, { schemas });
    await runner.start();
  });
  afterAll(async () => {
    await runner?.stop().catch(() => undefined);
    await relay?.stop().catch(() => undefined);
    await env?.stop();
  });

  /** A write as a repository does it: the state row and its event in one transaction. */
  async function write(id: string, name: string, version: number, deleted = false): Promise<void> {
    await env.db.transaction().execute(async (trx) => {
      const t = trx.withSchema('kit_test');
      if (deleted) await t.deleteFrom('things').where('id', '=', id).execute();
      else
        await t
          .insertInto('things')
          .values({ id, name, version })
          .onConflict((oc) => oc.column('id').doUpdateSet({ name, version }))
          .execute();
      const type = deleted ? 'kitrb.thing.deleted.v1' : 'kitrb.thing.saved.v1';
      await appendToOutbox(trx, 'kit_test', [{ type, aggregateType: 'thing', aggregateId: id, data: { thing: { id, name, version } } }], {
        actorId: null,
        occurredAt: new Date(),
      });
    });
  }

  it('ends equal to the state and applies each event once', async () => {
    let running = true;
    const deleted: string[] = [];
    const traffic = (async () => {
      for (let i = 0; running || i < 20; i++) {
        const id = randomBytes(6).toString('hex');
        await write(id, `thing ${i}`, 1);
        await write(id, `thing ${i} renamed`, 2);
        if (i % 4 === 0) {
          await write(id, `thing ${i} renamed`, 3, true);
          deleted.push(id);
        }
      }
    })();
    for (let i = 0; i < 10; i++) {
      await rebuildProjection(env.db, 'kit_test', counted);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    running = false;
    await traffic;

    const eventIds = (await env.db.withSchema('kit_test').selectFrom('outbox').select('event_id').execute()).map((r) => r.event_id);
    expect(await waitForProjection(env.db, 'kit_test', counted.name, eventIds, { runner, timeoutMs: 15_000 })).toBe(true);
    const log = (await env.db.withSchema('kit_test').selectFrom('applied_log').select('event_id').execute()).map((r) => r.event_id);
    expect(log.length).toBe(eventIds.length);
    expect(new Set(log).size).toBe(eventIds.length);
    const state = await env.db.withSchema('kit_test').selectFrom('things').selectAll().orderBy('id').execute();
    const live = await env.db
      .withSchema('kit_test')
      .selectFrom('thing_view')
      .select(['id', 'name', 'version'])
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    expect(live).toEqual(state);
    const tombstones = await env.db.withSchema('kit_test').selectFrom('thing_view').select('id').where('deleted_at', 'is not', null).execute();
    expect(tombstones.map((t) => t.id).sort()).toEqual(deleted.sort());
  });

  it('a batch applied as one statement leaves what the transaction leaves: repeats, older and equal versions, a deletion', async () => {
    const s = env.db.schema.withSchema('kit_test');
    for (const t of ['thing_view_tx', 'thing_view_one']) {
      await s
        .createTable(t)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text')
        .addColumn('version', 'integer')
        .addColumn('deleted_at', 'timestamptz')
        .execute();
    }
    const spec = (table: string, rowsFromEvents: boolean) =>
      snapshotProjection({ ...thingsSpec, name: `project-${table.replace(/_/g, '-')}`, table, rowsFromEvents });
    const inTransaction = new ProjectionRunner(env.db, 'kit_test', env.jsm, env.js, spec('thing_view_tx', false), () => undefined, { schemas });
    const oneStatement = spec('thing_view_one', true);
    expect(oneStatement.applyStatement).toBeDefined();
    const inOneStatement = new ProjectionRunner(env.db, 'kit_test', env.jsm, env.js, oneStatement, () => undefined, { schemas });
    const at = new Date('2026-11-24T10:00:00.123Z');
    const event = (id: string, name: string, version: number, deleted = false, eventId = randomBytes(8).toString('hex')) => ({
      eventId,
      type: deleted ? 'kitrb.thing.deleted.v1' : 'kitrb.thing.saved.v1',
      aggregateType: 'thing',
      aggregateId: id,
      occurredAt: at.toISOString(),
      actorId: null,
      correlationId: 'c',
      causationId: null,
      data: { thing: { id, name, version } },
    });
    const [a, b, c] = ['a', 'b', 'c'].map((x) => `${x}-${randomBytes(3).toString('hex')}`);
    const first = event(a, 'a1', 1);
    const batches = [
      [first, event(a, 'a3', 3), event(a, 'a2', 2), event(b, 'b1', 1), event(b, 'b1 again', 1), event(c, 'c1', 1), event(c, 'c2', 2, true)],
      [event(a, 'a9 under a used event id', 9, false, first.eventId), event(b, 'b2', 2), event(c, 'c1 late', 1)],
    ];
    for (const batch of batches) {
      await inTransaction.handleBatch(batch as never);
      await inOneStatement.handleBatch(batch as never);
    }
    const rows = (t: string) => env.db.withSchema('kit_test').selectFrom(t).selectAll().where('id', 'in', [a, b, c]).orderBy('id').execute();
    expect(await rows('thing_view_one')).toEqual(await rows('thing_view_tx'));
    expect((await rows('thing_view_one')).map((r) => [r.name, r.version, r.deleted_at])).toEqual([
      ['a3', 3, null],
      ['b2', 2, null],
      ['c2', 2, at],
    ]);
  });
});
