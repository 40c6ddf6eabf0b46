/**
 * Webhook deliveries (issue 21, ADR 0067) beside bare signed POSTs to the same local receiver, in the same run:
 * `count` model events of one person are published and journaled (setup, not measured); an endpoint of theirs on a
 * receiver at 127.0.0.2 (the host the bench's stack allows) subscribes to them; then, in turns,
 * - bare: this process signs each event the Standard Webhooks way and POSTs it to the receiver, as many at a time
 *   as the worker sends to one endpoint (KILN_WEBHOOK_ENDPOINT_CONCURRENCY, default 4), over keep-alive;
 * - deliveries: a replay since the first event queues them all, and the integrations service delivers them (claim
 *   by row locks, visibility, address check, signature, POST, the attempt logged), timed until the receiver has all.
 * Goal: deliveries/s ≥ 0.5 × bare signed POSTs/s. Run alone: `node -r @swc-node/register deploy/bench/webhooks.ts`.
 */
import { connect } from 'nats';
import { createHmac, randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { startStack, throwawayStackOptions } from '../src/stack';
import { registerUser, StackEventsBenchOptions } from './kiln';
import { modelEvents, publishEvents } from './rebuild';

export const WEBHOOKS_GOAL = 0.5;
/** The receiver's host: loopback, so the stack must allow it (KILN_WEBHOOK_ALLOW_HOSTS). */
export const BENCH_RECEIVER_HOST = '127.0.0.2';

export interface WebhooksResult {
  events: number;
  rounds: number;
  concurrency: number;
  barePerSecond: number;
  deliveriesPerSecond: number;
  ratio: number;
}

/** The signature as the service makes it (Standard Webhooks v1), for the bare POSTs. */
function sign(secret: string, id: string, body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`,
  };
}

async function barePosts(url: URL, secret: string, bodies: { id: string; body: string }[], concurrency: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < bodies.length) {
      const { id, body } = bodies[next++]!;
      await new Promise<void>((resolve, reject) => {
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', ...sign(secret, id, body) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve());
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return bodies.length / seconds;
}

export async function webhooksBench(options: StackEventsBenchOptions): Promise<WebhooksResult> {
  const { url, count, say } = options;
  const rounds = options.rounds ?? 2;
  const concurrency = Number(process.env.KILN_WEBHOOK_ENDPOINT_CONCURRENCY ?? '4') || 4;
  let received = 0;
  let waiter: { until: number; resolve: () => void } | null = null;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      if (waiter && received >= waiter.until) waiter.resolve();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, BENCH_RECEIVER_HOST, resolve));
  const hookUrl = new URL(`http://${BENCH_RECEIVER_HOST}:${(receiver.address() as AddressInfo).port}/bench`);
  const waitFor = (until: number, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      if (received >= until) return resolve();
      const timer = setTimeout(() => reject(new Error(`the receiver had ${received} of ${until} after ${timeoutMs / 1000} s`)), timeoutMs);
      waiter = {
        until,
        resolve: () => {
          clearTimeout(timer);
          waiter = null;
          resolve();
        },
      };
    });

  const previousNamespace = process.env.KILN_NAMESPACE;
  process.env.KILN_NAMESPACE = options.namespace;
  const nc = await connect({ servers: options.natsUrl, name: 'kiln-bench-webhooks' });
  const pool = new Pool({ connectionString: options.databaseUrl, max: 1 });
  try {
    const js = nc.jetstream();
    const user = await registerUser(url);
    const auth = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
    const events = modelEvents(count, user.id);
    await publishEvents(js, events);
    // Every event journaled (published concurrently, they arrive in any order: the first and the last are not enough).
    const journalStart = performance.now();
    const eventIds = events.map((e) => e.eventId);
    for (;;) {
      const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM integrations.event_journal WHERE event_id = ANY($1::text[])`, [eventIds]);
      if (Number(rows[0]!.n) === count) break;
      if (performance.now() - journalStart > 300_000) throw new Error(`the journal took ${rows[0]!.n} of ${count} events within 5 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const created = await fetch(`${url}/api/integrations/webhook`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ url: hookUrl.toString(), eventTypes: ['workspace.model.created.v1', 'workspace.model.renamed.v1'] }),
    });
    if (created.status !== 201) throw new Error(`create endpoint: ${created.status} ${await created.text()}`);
    const endpoint = (await created.json()) as { id: string; secret: string };
    const bodies = events.map((e) => ({ id: e.eventId, body: JSON.stringify(e) }));
    // Replay from just before the person's first journaled event (published concurrently, `events[0]` need not be
    // first; other benches' events come earlier in the journal).
    const { rows: before } = await pool.query<{ event_id: string }>(
      `SELECT event_id FROM integrations.event_journal
        WHERE position < (SELECT min(position) FROM integrations.event_journal WHERE event_id = ANY($1::text[]))
        ORDER BY position DESC LIMIT 1`,
      [eventIds],
    );
    const from = before[0] ? { afterEventId: before[0].event_id } : { since: '2000-01-01T00:00:00.000Z' };
    say(`webhooks: ${count} model events journaled (setup, not measured); endpoint ${endpoint.id} on ${hookUrl.host}`);

    let bare = 0;
    let deliveries = 0;
    for (let round = 1; round <= rounds; round++) {
      const before = received;
      const bareRate = await barePosts(hookUrl, endpoint.secret, bodies, concurrency);
      if (received - before !== count) throw new Error(`bare POSTs: the receiver had ${received - before} of ${count}`);
      const start = performance.now();
      const replay = await fetch(`${url}/api/integrations/webhook/${endpoint.id}/replay`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(from),
      });
      if (replay.status !== 200) throw new Error(`replay: ${replay.status} ${await replay.text()}`);
      const { queued } = (await replay.json()) as { queued: number };
      const replayed = performance.now();
      if (queued < count) throw new Error(`replay queued ${queued} of ${count}`);
      // Every delivery of the endpoint was queued again (it has no other).
      const { rows: made } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM integrations.webhook_deliveries WHERE endpoint_id = $1`, [endpoint.id]);
      const sent = Number(made[0]!.n);
      if (queued !== count || sent !== count)
        say(`webhooks: round ${round}: replay queued ${queued}, the endpoint has ${sent} deliveries, for ${count} events`);
      await waitFor(before + count + sent, 300_000).catch(async (error: Error) => {
        const { rows } = await pool.query(
          `SELECT d.status, count(*) AS n, max(a.error) AS error, max(a.status_code) AS code, avg(a.duration_ms)::int AS ms
            FROM integrations.webhook_deliveries d LEFT JOIN integrations.webhook_attempts a ON a.delivery_id = d.id GROUP BY d.status`,
        );
        throw new Error(`${error.message}; deliveries ${JSON.stringify(rows)}`);
      });
      const end = performance.now();
      const deliveryRate = sent / ((end - start) / 1000);
      bare = Math.max(bare, bareRate);
      deliveries = Math.max(deliveries, deliveryRate);
      say(
        `webhooks: round ${round}: bare signed POSTs ${bareRate.toFixed(0)}/s, deliveries ${deliveryRate.toFixed(0)}/s ` +
          `(the replay answered in ${((replayed - start) / 1000).toFixed(2)} s, the deliveries took ${((end - replayed) / 1000).toFixed(2)} s more)`,
      );
    }
    return { events: count, rounds, concurrency, barePerSecond: bare, deliveriesPerSecond: deliveries, ratio: deliveries / bare };
  } finally {
    if (previousNamespace === undefined) delete process.env.KILN_NAMESPACE;
    else process.env.KILN_NAMESPACE = previousNamespace;
    await pool.end();
    await nc.drain();
    receiver.close();
  }
}

export function renderWebhooks(result: WebhooksResult): string {
  return (
    `- webhook deliveries / bare signed POSTs to the same receiver (${result.events} events, ${result.concurrency} at a time, best of ` +
    `${result.rounds} rounds each): ${result.deliveriesPerSecond.toFixed(0)} / ${result.barePerSecond.toFixed(0)} per s = ${result.ratio.toFixed(2)} ` +
    `(goal ≥ ${WEBHOOKS_GOAL}) ${result.ratio >= WEBHOOKS_GOAL ? 'met' : 'NOT MET'}`
  );
}

/** Alone: a throwaway stack allowing the receiver's host, the bench, the line. */
async function main(): Promise<void> {
  const say = (line: string) => console.log(`[bench] ${line}`);
  const throwaway = throwawayStackOptions('webhooks');
  const stack = await startStack({
    ...throwaway,
    env: { ...throwaway.env, KILN_WEBHOOK_ALLOW_HOSTS: BENCH_RECEIVER_HOST, KILN_SECRETS_KEY: randomBytes(32).toString('hex') },
    log: (line) => say(`[kiln] ${line}`),
    childLog: (line) => process.env.KILN_BENCH_CHILD_LOG && appendFileSync(process.env.KILN_BENCH_CHILD_LOG, `${line}\n`),
  });
  try {
    const scale = Number(process.env.KILN_BENCH_SCALE ?? '1') || 1;
    const count = Math.round(5_000 * Math.min(1, scale));
    say(
      renderWebhooks(await webhooksBench({ url: stack.url, natsUrl: stack.natsUrl, namespace: stack.namespace, databaseUrl: stack.databaseUrl, count, say })),
    );
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
