import { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { aModel, aModelName, aUser } from './support/builders';
import { BASE_DATABASE_URL, eventually, startWorkspace, WorkspaceTestEnv } from './support/test-env';

/**
 * Replaying the event stream into an empty read model, as a new instance or a reset consumer does: the
 * runner applies the backlog in batches (many events per transaction, one upsert per batch), and the
 * result must equal the read model the live, event-by-event path built.
 */
describe('workspace service: replaying the model events into an empty read model', () => {
  let env: WorkspaceTestEnv;
  const database = `kiln_medium_replay_${randomBytes(4).toString('hex')}`;
  let replayDb: Kysely<any> | undefined;
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: BASE_DATABASE_URL });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  beforeAll(async () => {
    env = await startWorkspace();
  });
  afterAll(async () => {
    await replayDb?.destroy();
    await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await env?.stop();
  });

  it('ends equal to the live read model, tombstones and counts included', async () => {
    const kit = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
    const { ProjectModelsOnModelEvents } = require('../src/models/projections/project-models-on-model-events');
    const { workspaceMigrations } = require('../src/migrations');

    const owners = [await aUser(env.rpc), await aUser(env.rpc)];
    for (const [i, owner] of owners.entries()) {
      for (let n = 0; n < 15; n++) {
        const model = await aModel(env.rpc, owner);
        for (let r = 0; r < 3; r++)
          await env.rpc.call('updateModel', { actor: owner.actor, body: { id: model.id, changes: { name: aModelName(`Take ${r}`) } } });
        if ((n + i) % 4 === 0) await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: model.id } });
      }
    }
    const eventIds = (await env.db.withSchema('workspace').selectFrom('outbox').select('event_id').where('type', 'like', 'workspace.model.%').execute()).map(
      (r) => r.event_id,
    );
    expect(await kit.waitForProjection(env.db, 'workspace', ProjectModelsOnModelEvents.name, eventIds, { timeoutMs: 15_000 })).toBe(true);

    await admin(`CREATE DATABASE "${database}"`);
    const url = new URL(BASE_DATABASE_URL);
    url.pathname = `/${database}`;
    replayDb = kit.createDatabase(url.toString()).db;
    await kit.migrateSchema(replayDb, 'workspace', workspaceMigrations);
    // A consumer of its own, from the start of the stream, into the empty database.
    const replay = { ...ProjectModelsOnModelEvents, name: 'replay-models-on-model-events' };
    const runner = new kit.ProjectionRunner(replayDb, 'workspace', env.jsm, env.nc.jetstream(), replay, () => undefined);
    const batches: number[] = [];
    const handleBatch = runner.handleBatch.bind(runner);
    runner.handleBatch = async (events) => {
      batches.push(events.length);
      await handleBatch(events);
    };
    await runner.start();
    try {
      await eventually(async () => {
        const row = await replayDb!
          .withSchema('workspace')
          .selectFrom('processed_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(row.n)).toBe(eventIds.length);
      }, 20_000);
    } finally {
      await runner.stop();
    }
    expect(Math.max(...batches)).toBeGreaterThan(1);

    const rows = (db: Kysely<any>, table: string, order: string[]) => db.withSchema('workspace').selectFrom(table).selectAll().orderBy(order).execute();
    expect(await rows(replayDb, 'model_view', ['id'])).toEqual(await rows(env.db, 'model_view', ['id']));
    expect(await rows(replayDb, 'model_counts', ['author_id', 'scope'])).toEqual(await rows(env.db, 'model_counts', ['author_id', 'scope']));
  });
});
