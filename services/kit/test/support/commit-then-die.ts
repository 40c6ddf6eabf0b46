/**
 * A service process that dies right after a commit, before its own direct publish got anywhere: it runs
 * an OutboxRelay whose NATS publishes never complete, commits one event, and kills itself (SIGKILL, no
 * clean-up) once its relay has taken the commit. Prints the event id first.
 * Env: DATABASE_URL, SCHEMA, EVENT_TYPE, AGGREGATE_ID.
 */
import { JetStreamClient } from 'nats';
import { appendToOutbox, createDatabase, OutboxRelay } from '../../src';

async function main(): Promise<void> {
  const { DATABASE_URL, SCHEMA, EVENT_TYPE, AGGREGATE_ID } = process.env as Record<string, string>;
  const { db, pool } = createDatabase(DATABASE_URL);
  let taken!: () => void;
  const publishing = new Promise<void>((resolve) => (taken = resolve));
  // The publish is under way when the process dies: it never reaches the stream.
  const stalled = { publish: () => (taken(), new Promise(() => undefined)) } as unknown as JetStreamClient;
  const relay = new OutboxRelay(db, pool, SCHEMA, stalled, () => undefined, { pollMs: 60_000, graceMs: 60_000 });
  await relay.start();
  const [event] = await db.transaction().execute((trx) =>
    appendToOutbox(trx, SCHEMA, [{ type: EVENT_TYPE, aggregateType: 'thing', aggregateId: AGGREGATE_ID, data: { name: 'orphan', version: 1 } }], {
      actorId: null,
      occurredAt: new Date(),
    }),
  );
  process.stdout.write(`${event.eventId}\n`);
  await publishing;
  process.kill(process.pid, 'SIGKILL');
}

void main();
