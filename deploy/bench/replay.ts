/**
 * Replay over HTTP (issue 21, ADR 0066) beside a raw JetStream consumer of the same events, in the same run:
 * `count` model events of one person (half creations, half renames, as rebuild.ts makes them) are published to the
 * stack's WORKSPACE_EVENTS and journaled by the integrations service (setup, not measured); then, in turns,
 * - raw: a durable consumer with explicit acks reads them all (parse JSON, ack), as rebuild.ts measures it;
 * - replay: a program with only a token reads them all with `GET /api/events?after=<cursor>&limit=500&wait=0`,
 *   page after page (HTTP → BFF → NATS → integrations → the journal, visibility checked per page), body parsed.
 * Goal: replay events/s ≥ 0.3 × raw events/s. Run alone: `node -r @swc-node/register deploy/bench/replay.ts`.
 */
import { EVENTS_PAGE_MAX, EventsPage, WORKSPACE_STREAM } from '@kiln/contracts';
import { connect } from 'nats';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { nsName } from '../../services/kit/src';
import { startStack, throwawayStackOptions } from '../src/stack';
import { registerUser, StackEventsBenchOptions } from './kiln';
import { modelEvents, publishEvents, rawConsumeSeconds } from './rebuild';

export const REPLAY_GOAL = 0.3;

export interface ReplayResult {
  events: number;
  rounds: number;
  /** The best round of each (the least disturbed by other work on the machine). */
  rawPerSecond: number;
  replayPerSecond: number;
  ratio: number;
}

const TYPES = 'workspace.model.created.v1,workspace.model.renamed.v1';

/** Every page of the person's events from the start, as an outside program follows them; answers the events read. */
async function replayAll(url: string, token: string, count: number): Promise<number> {
  let cursor = '0';
  let read = 0;
  while (read < count) {
    const res = await fetch(`${url}/api/events?after=${cursor}&types=${TYPES}&limit=${EVENTS_PAGE_MAX}&wait=0`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) throw new Error(`GET /api/events: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as EventsPage;
    if (page.events.length === 0) throw new Error(`GET /api/events answered no events after ${read} of ${count}`);
    read += page.events.length;
    cursor = page.cursor;
  }
  return read;
}

export async function replayBench(options: StackEventsBenchOptions): Promise<ReplayResult> {
  const { url, count, say } = options;
  const rounds = options.rounds ?? 3;
  const previousNamespace = process.env.KILN_NAMESPACE;
  // rebuild.ts's helpers name subjects and consumers from the environment, as a service does.
  process.env.KILN_NAMESPACE = options.namespace;
  const nc = await connect({ servers: options.natsUrl, name: 'kiln-bench-replay' });
  const pool = new Pool({ connectionString: options.databaseUrl, max: 1 });
  try {
    const jsm = await nc.jetstreamManager();
    const js = nc.jetstream();
    const user = await registerUser(url);
    const events = modelEvents(count, user.id);
    const publishSeconds = await publishEvents(js, events);
    const journalStart = performance.now();
    for (;;) {
      const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM integrations.event_journal WHERE event_id = ANY($1::text[])`, [
        [events[0].eventId, events[events.length - 1].eventId],
      ]);
      if (Number(rows[0].n) === 2) break;
      if (performance.now() - journalStart > 300_000) throw new Error('the journal did not take the events within 5 minutes');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    say(
      `replay: published ${count} model events in ${publishSeconds.toFixed(1)} s, journaled within ` +
        `${((performance.now() - journalStart) / 1000).toFixed(1)} s more (setup, not measured)`,
    );
    let raw = 0;
    let replay = 0;
    for (let round = 1; round <= rounds; round++) {
      const stream = nsName(WORKSPACE_STREAM.name);
      const rawSeconds = await rawConsumeSeconds(jsm, js, stream, 'evt.workspace.model.>', count);
      await jsm.consumers.delete(stream, 'bench-raw-consume');
      const start = performance.now();
      const read = await replayAll(url, user.token, count);
      const replaySeconds = (performance.now() - start) / 1000;
      raw = Math.max(raw, count / rawSeconds);
      replay = Math.max(replay, read / replaySeconds);
      say(`replay: round ${round}: raw ${(count / rawSeconds).toFixed(0)} events/s, over HTTP ${(read / replaySeconds).toFixed(0)} events/s`);
    }
    return { events: count, rounds, rawPerSecond: raw, replayPerSecond: replay, ratio: replay / raw };
  } finally {
    if (previousNamespace === undefined) delete process.env.KILN_NAMESPACE;
    else process.env.KILN_NAMESPACE = previousNamespace;
    await pool.end();
    await nc.drain();
  }
}

export function renderReplay(result: ReplayResult): string {
  return (
    `- replay over HTTP / raw JetStream consumer (${result.events} events, best of ${result.rounds} rounds each): ` +
    `${result.replayPerSecond.toFixed(0)} / ${result.rawPerSecond.toFixed(0)} events/s = ${result.ratio.toFixed(2)} ` +
    `(goal ≥ ${REPLAY_GOAL}) ${result.ratio >= REPLAY_GOAL ? 'met' : 'NOT MET'}`
  );
}

/** Alone: a throwaway stack, the bench, the line. */
async function main(): Promise<void> {
  const say = (line: string) => console.log(`[bench] ${line}`);
  const throwaway = throwawayStackOptions('replay');
  const stack = await startStack({ ...throwaway, log: (line) => say(`[kiln] ${line}`), childLog: () => undefined });
  try {
    const scale = Number(process.env.KILN_BENCH_SCALE ?? '1') || 1;
    const count = Math.round(20_000 * Math.min(1, scale));
    say(renderReplay(await replayBench({ url: stack.url, natsUrl: stack.natsUrl, namespace: stack.namespace, databaseUrl: stack.databaseUrl, count, say })));
  } finally {
    await stack.stop();
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
