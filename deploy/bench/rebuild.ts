/**
 * Rebuilding a read model from events, beside the raw JetStream consume rate measured in the same run.
 * `count` model events (half creations, half renames of the same models, as a stream holds them) are
 * published to a stream of a namespace of their own; then
 * - raw: a durable consumer with explicit acks (what any projection needs) reads them all: parse JSON, ack;
 * - rebuild: the workspace's model projection (`ProjectionRunner`, the live code) replays them from the
 *   start into an empty, migrated `workspace` schema of a fresh database: contracts parse, exactly-once
 *   bookkeeping, `model_view` and its counts.
 * Everything it made is deleted at the end.
 */
import { AnyEventEnvelope, eventSubject, WORKSPACE_STREAM } from '@kiln/contracts';
import { AckPolicy, connect, DeliverPolicy, JetStreamClient, JetStreamManager, JSONCodec } from 'nats';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { createDatabase, ensureStream, migrateSchema, nsName, nsSubject, ProjectionRunner } from '../../services/kit/src';
import { newId } from '../../services/kit/src/ids';
import { workspaceMigrations } from '../../services/workspace/src/migrations';
import { ProjectModelsOnModelEvents } from '../../services/workspace/src/models/projections/project-models-on-model-events';

export interface RebuildResult {
  events: number;
  rawPerSecond: number;
  rebuildPerSecond: number;
}

const jc = JSONCodec();

export function modelEvents(count: number, authorId: string): AnyEventEnvelope[] {
  const events: AnyEventEnvelope[] = [];
  const at = new Date('2026-01-01T00:00:00Z');
  const models = Math.ceil(count / 2);
  const ids = Array.from({ length: models }, () => newId(at));
  const event = (i: number, version: number): AnyEventEnvelope => {
    const type = version === 1 ? 'workspace.model.created.v1' : 'workspace.model.renamed.v1';
    const time = new Date(at.getTime() + i * 1000 + version).toISOString();
    const model = {
      id: ids[i],
      name: `Replayed model ${i} v${version}`,
      description: '',
      authorId,
      contributorId: null,
      teamId: null,
      projectId: null,
      productId: null,
      publishedAt: null,
      sharedWithEveryone: 'private',
      hidden: false,
      createdAt: time,
      updatedAt: time,
      version,
    };
    return {
      eventId: randomBytes(12).toString('hex'),
      type,
      aggregateType: 'model',
      aggregateId: ids[i],
      occurredAt: time,
      actorId: authorId,
      correlationId: randomBytes(8).toString('hex'),
      causationId: null,
      data: version === 1 ? { model } : { model, previousName: `Replayed model ${i} v1` },
    };
  };
  // In chunks, as traffic comes: a thousand models made, then renamed.
  for (let start = 0; start < models; start += 1000) {
    const end = Math.min(models, start + 1000);
    for (let i = start; i < end; i++) events.push(event(i, 1));
    for (let i = start; i < end && events.length < count; i++) events.push(event(i, 2));
  }
  return events.slice(0, count);
}

/** Publishes events to their subjects, 1,000 in flight at a time (setup of a rebuild bench); answers the seconds it took. */
export async function publishEvents(js: JetStreamClient, events: readonly { type: string; eventId: string }[]): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < events.length; i += 1000) {
    await Promise.all(events.slice(i, i + 1000).map((e) => js.publish(nsSubject(eventSubject(e.type)), jc.encode(e), { msgID: e.eventId })));
  }
  return (performance.now() - start) / 1000;
}

/** The raw JetStream consume rate's time: read and ack `count` messages of `subject`, nothing else. */
export async function rawConsumeSeconds(jsm: JetStreamManager, js: JetStreamClient, stream: string, subject: string, count: number): Promise<number> {
  const rawName = 'bench-raw-consume';
  await jsm.consumers.add(stream, {
    durable_name: rawName,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: nsSubject(subject),
  });
  const raw = await js.consumers.get(stream, rawName);
  const start = performance.now();
  const messages = await raw.consume({ max_messages: 1000 });
  let seen = 0;
  for await (const message of messages) {
    message.json();
    message.ack();
    // Closing ends the loop once the iterator is drained (awaiting it here would wait on ourselves).
    if (++seen === count) void messages.close();
  }
  return (performance.now() - start) / 1000;
}

export async function rebuildRates(options: { natsUrl: string; databaseUrl: string; count: number; say: (line: string) => void }): Promise<RebuildResult> {
  const { count, say } = options;
  const namespace = `r${randomBytes(4).toString('hex')}`;
  const previousNamespace = process.env.KILN_NAMESPACE;
  // The runner names its stream, consumer and subjects from the environment, as a service does.
  process.env.KILN_NAMESPACE = namespace;
  const nc = await connect({ servers: options.natsUrl, name: 'kiln-bench-rebuild' });
  const jsm = await nc.jetstreamManager();
  const js = nc.jetstream();
  const stream = nsName(WORKSPACE_STREAM.name);
  const database = `kiln_bench_rebuild_${randomBytes(4).toString('hex')}`;
  const admin = new Pool({ connectionString: options.databaseUrl, max: 1 });
  const url = new URL(options.databaseUrl);
  url.pathname = `/${database}`;
  let db: ReturnType<typeof createDatabase>['db'] | undefined;
  try {
    await ensureStream(jsm, WORKSPACE_STREAM, { maxAgeMs: 0, maxBytes: -1, replicas: 1 });
    const events = modelEvents(count, newId());
    const publishSeconds = await publishEvents(js, events);
    say(`rebuild: published ${events.length} model events in ${publishSeconds.toFixed(1)} s (setup, not measured)`);

    const rawSeconds = await rawConsumeSeconds(jsm, js, stream, 'evt.workspace.model.>', count);

    // Rebuild: the live projection code from the first event into an empty read model.
    await admin.query(`CREATE DATABASE "${database}"`);
    db = createDatabase(url.toString(), { max: 4 }).db;
    await migrateSchema(db, 'workspace', workspaceMigrations);
    const runner = new ProjectionRunner(db, 'workspace', jsm, js, ProjectModelsOnModelEvents, (line) => say(`rebuild: ${line}`));
    let applied = 0;
    let allApplied!: () => void;
    const done = new Promise<void>((resolve) => (allApplied = resolve));
    runner.onApplied(() => {
      if (++applied === count) allApplied();
    });
    const rebuildStart = performance.now();
    await runner.start();
    await done;
    const rebuildSeconds = (performance.now() - rebuildStart) / 1000;
    await runner.stop();
    return { events: count, rawPerSecond: count / rawSeconds, rebuildPerSecond: count / rebuildSeconds };
  } finally {
    await db?.destroy();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await jsm.streams.delete(stream).catch(() => undefined);
    await nc.close();
    if (previousNamespace === undefined) delete process.env.KILN_NAMESPACE;
    else process.env.KILN_NAMESPACE = previousNamespace;
  }
}
