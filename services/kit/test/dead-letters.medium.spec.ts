import { AnyEventEnvelope, envelope } from '@kiln/contracts';
import { Transaction } from 'kysely';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { appendToOutbox, countDeadLetters, ensureStream, nsSubject, OutboxRelay, Projection, ProjectionRunner, replayDeadLetters } from '../src';
import { eventually, KitEnv, startKitEnv } from './support/kit-env';

/**
 * A poison event (one a projection cannot parse or apply) is tried 5 times with growing pauses, then
 * recorded in `dead_letters`, terminated on the stream, and the projection goes on with the next ones.
 * Once fixed, a replay applies it through the same exactly-once path.
 */
const STREAM = { name: 'KIT_DL_EVENTS', subjects: ['evt.kitdl.>'] };
const TYPE = 'kitdl.thing.created.v1';
const schemas = { [TYPE]: envelope(TYPE, z.object({ name: z.string() })) };

describe('service kit: dead letters', () => {
  let env: KitEnv;
  let relay: OutboxRelay;
  let runner: ProjectionRunner;
  const broken = new Set<string>();
  const attempts = new Map<string, number>();
  const logs: string[] = [];

  const projection: Projection = {
    name: 'project-kitdl-things',
    stream: STREAM.name,
    subject: 'kitdl.>',
    async apply(trx: Transaction<any>, event: AnyEventEnvelope) {
      const { name } = event.data as { name: string };
      attempts.set(name, (attempts.get(name) ?? 0) + 1);
      if (broken.has(name)) throw new Error(`cannot apply ${name}`);
      await trx.withSchema(env.schema).insertInto('thing_view').values({ id: event.aggregateId, name }).execute();
    },
    async rebuild() {
      return 0;
    },
  };

  beforeAll(async () => {
    env = await startKitEnv();
    await env.db.schema
      .withSchema(env.schema)
      .createTable('thing_view')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text')
      .execute();
    await ensureStream(env.jsm, STREAM);
    relay = new OutboxRelay(env.db, env.pool, env.schema, env.js, () => undefined);
    await relay.start();
    runner = new ProjectionRunner(env.db, env.schema, env.jsm, env.js, projection, (m) => logs.push(m), { schemas, retryDelaysMs: [50, 100, 200, 400] });
    await runner.start();
  });
  afterAll(async () => {
    await runner?.stop().catch(() => undefined);
    await relay?.stop().catch(() => undefined);
    await env?.stop();
  });

  const save = (name: string, type = TYPE) =>
    env.db.transaction().execute(async (trx) => {
      const [e] = await appendToOutbox(trx, env.schema, [{ type, aggregateType: 'thing', aggregateId: randomBytes(12).toString('hex'), data: { name } }], {
        actorId: null,
        occurredAt: new Date(),
      });
      return e;
    });
  const deadLetter = (eventId: string) =>
    env.db.withSchema(env.schema).selectFrom('dead_letters').selectAll().where('event_id', '=', eventId).executeTakeFirst();
  const view = (id: string) => env.db.withSchema(env.schema).selectFrom('thing_view').selectAll().where('id', '=', id).executeTakeFirst();

  it('records an event that fails to apply 5 times, terminates it, and goes on with the next', async () => {
    const poison = `poison ${randomBytes(3).toString('hex')}`;
    broken.add(poison);
    const bad = await save(poison);
    const good = await save('healthy thing');

    const letter = await eventually(async () => {
      const row = await deadLetter(bad.eventId);
      if (!row) throw new Error('no dead letter yet');
      return row;
    });
    expect(letter).toMatchObject({ consumer: projection.name, subject: nsSubject(`evt.${TYPE}`), deliveries: 5, replayed_at: null });
    expect(letter.error).toContain(`cannot apply ${poison}`);
    expect(JSON.parse(letter.payload)).toMatchObject({ eventId: bad.eventId, data: { name: poison } });
    expect(await eventually(async () => (await view(good.aggregateId)) ?? Promise.reject(new Error('not yet')))).toMatchObject({ name: 'healthy thing' });
    expect(logs.some((l) => l.includes(bad.eventId) && l.includes('dead letter'))).toBe(true);

    // Terminated: no sixth delivery comes.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(attempts.get(poison)).toBe(5);
    expect(await countDeadLetters(env.db, env.schema)).toBe(1);
  });

  it('dead-letters an event that does not parse with its contract, without applying it', async () => {
    const bad = await save('ignored', 'kitdl.thing.unknown.v1');

    const letter = await eventually(async () => (await deadLetter(bad.eventId)) ?? Promise.reject(new Error('no dead letter yet')));
    expect(letter.error).toContain('unknown event type "kitdl.thing.unknown.v1"');
    expect(attempts.get('ignored')).toBeUndefined();
    expect(await countDeadLetters(env.db, env.schema)).toBe(2);
  });

  it('replays dead letters once fixed, applying each once and marking it replayed', async () => {
    broken.clear();
    const before = await env.db.withSchema(env.schema).selectFrom('dead_letters').selectAll().where('replayed_at', 'is', null).execute();

    const first = await replayDeadLetters(env.db, env.schema, [projection], { schemas });
    const second = await replayDeadLetters(env.db, env.schema, [projection], { schemas });

    // The poison one applies now; the unknown type still does not parse and stays, with its error.
    expect(first).toEqual({ replayed: 1, failed: 1 });
    expect(second).toEqual({ replayed: 0, failed: 1 });
    const poison = before.find((row) => JSON.parse(row.payload).type === TYPE)!;
    const payload = JSON.parse(poison.payload);
    expect(await view(payload.aggregateId)).toMatchObject({ name: payload.data.name });
    expect(attempts.get(payload.data.name)).toBe(6);
    expect((await deadLetter(poison.event_id))?.replayed_at).not.toBeNull();
    expect(await countDeadLetters(env.db, env.schema)).toBe(1);
  });
});
