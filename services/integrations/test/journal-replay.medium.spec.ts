import { EVENTS_MESSAGES, EventsPage, WEBHOOK_MESSAGES } from '@kiln/contracts';
import { Kysely, sql } from 'kysely';
import { aModel, aUser, SignedUp } from '../../workspace/test/support/builders';
import { aMember, aTeam } from '../../workspace/test/support/team-builders';
import { eventually } from '../../workspace/test/support/test-env';
import { IntegrationsEnv, startIntegrations } from './support/integrations-env';

// Issue 21, ADR 0066: the event journal and GET /api/events, as the BFF asks the integrations service.
jest.setTimeout(30_000);

let env: IntegrationsEnv;
beforeAll(async () => {
  env = await startIntegrations(2);
});
afterAll(async () => {
  await env?.stop();
});

const MODEL_TYPES = ['workspace.model.created.v1', 'workspace.model.renamed.v1'];
const rename = (owner: SignedUp, id: string, name: string) => env.workspace.rpc.call('updateModel', { actor: owner.actor, body: { id, changes: { name } } });
const about = (page: EventsPage, modelId: string) => page.events.filter((e) => (e.event as { aggregateId?: string }).aggregateId === modelId);
const shape = (page: EventsPage) => page.events.map((e) => [e.event.type, (e.event as unknown as { data: { model: { name: string } } }).data.model.name]);
/** Reads until the journal holds `count` events of these types for the caller (the writer follows the stream). */
const readAll = (actor: { userId: string }, count: number, after = '0') =>
  eventually(async () => {
    const page = await env.read(actor, { after, types: MODEL_TYPES, wait: 0 });
    expect(page.events).toHaveLength(count);
    return page;
  });

it('answers the caller its model events in order, each with a cursor; resumes exactly after one; waits when none', async () => {
  const alice = await aUser(env.workspace.rpc);
  const model = await aModel(env.workspace.rpc, alice, { name: 'Gear one' });
  await rename(alice, model.id, 'Gear two');
  await rename(alice, model.id, 'Gear three');

  const page = await readAll(alice.actor, 3);
  expect(shape(page)).toEqual([
    ['workspace.model.created.v1', 'Gear one'],
    ['workspace.model.renamed.v1', 'Gear two'],
    ['workspace.model.renamed.v1', 'Gear three'],
  ]);
  const cursors = page.events.map((e) => BigInt(e.cursor));
  expect([...cursors].sort((a, b) => (a < b ? -1 : 1))).toEqual(cursors);
  expect(page.cursor).toBe(page.events[2].cursor);

  // A program that stopped after the first event resumes with the next two, then with nothing (the same cursor).
  const resumed = await env.read(alice.actor, { after: page.events[0].cursor, types: MODEL_TYPES, wait: 0 });
  expect(resumed.events.map((e) => e.cursor)).toEqual(page.events.slice(1).map((e) => e.cursor));
  expect(await env.read(alice.actor, { after: page.cursor, types: MODEL_TYPES, wait: 0 })).toEqual({ events: [], cursor: page.cursor });
  // Pages: one at a time, each cursor leading to the next.
  const first = await env.read(alice.actor, { types: MODEL_TYPES, limit: 1, wait: 0 });
  const second = await env.read(alice.actor, { after: first.cursor, types: MODEL_TYPES, limit: 1, wait: 0 });
  expect([...first.events, ...second.events].map((e) => e.cursor)).toEqual(page.events.slice(0, 2).map((e) => e.cursor));

  // A long poll is woken by the next event's commit (a waiting reader would otherwise look again after a minute).
  const waiting = env.read(alice.actor, { after: page.cursor, types: MODEL_TYPES, wait: 20 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await rename(alice, model.id, 'Gear four');
  const woken = await waiting;
  expect(shape(woken)).toEqual([['workspace.model.renamed.v1', 'Gear four']]);

  // A bad cursor is a 400 with the contract's sentence.
  expect(await env.readFails(alice.actor, { after: 'abc' })).toMatchObject({ statusCode: 400 });
  // So is a type the catalogue does not have (a typo would otherwise wait for events that never come).
  expect(await env.readFails(alice.actor, { types: ['workspace.model.created.v1', 'workspace.model.craeted.v1'] })).toEqual({
    statusCode: 400,
    message: WEBHOOK_MESSAGES.eventTypeUnknown,
    errors: [{ path: 'types.1', message: WEBHOOK_MESSAGES.eventTypeUnknown }],
  });
});

it('shows a stranger nothing of another person’s model; a share shows it, and its revocation stops it', async () => {
  const owner = await aUser(env.workspace.rpc);
  const friend = await aUser(env.workspace.rpc);
  const stranger = await aUser(env.workspace.rpc);
  const model = await aModel(env.workspace.rpc, owner, { name: 'Shared gear' });
  const shared = await env.workspace.rpc.call('shareModel', {
    actor: owner.actor,
    body: { id: model.id, changes: { email: friend.user.email, role: 'viewer' } },
  });
  await rename(owner, model.id, 'Shared gear two');
  await readAll(owner.actor, 2);

  const friendsPage = await env.read(friend.actor, { types: MODEL_TYPES, wait: 0 });
  expect(about(friendsPage, model.id).map((e) => e.event.type)).toEqual(MODEL_TYPES);
  expect(about(await env.read(stranger.actor, { wait: 0, limit: 500 }), model.id)).toEqual([]);
  // The share's own events reach the friend and the owner, not the stranger.
  const shareTypes = ['workspace.model-share.created.v1'];
  expect((await env.read(friend.actor, { types: shareTypes, wait: 0 })).events).toHaveLength(1);
  expect((await env.read(stranger.actor, { types: shareTypes, wait: 0 })).events).toHaveLength(0);

  await env.workspace.rpc.call('removeShare', { actor: owner.actor, body: { id: shared.data[0].id } });
  await rename(owner, model.id, 'Shared gear three');
  await readAll(owner.actor, 3);
  // Checked at read time: the model's events, earlier ones too, are no longer the friend's to see.
  expect(about(await env.read(friend.actor, { types: MODEL_TYPES, wait: 0 }), model.id)).toEqual([]);

  // A token with scopes outside models sees none of them; with models:read it sees them (ADR 0065 areas).
  expect((await env.read({ ...owner.actor, scopes: ['plugins:read'] }, { types: MODEL_TYPES, wait: 0 })).events).toEqual([]);
  expect((await env.read({ ...owner.actor, scopes: ['models:read'] }, { types: MODEL_TYPES, wait: 0 })).events).toHaveLength(3);
});

it('shows a team’s model to its members, with a team token to its team only, and no longer to a member removed', async () => {
  const owner = await aUser(env.workspace.rpc);
  const team = await aTeam(env.workspace.rpc, owner);
  const { user: viewer, member } = await aMember(env.workspace.rpc, team, owner, 'viewer');
  const model = await aModel(env.workspace.rpc, owner, { name: 'Team gear', teamId: team.id });
  const personal = await aModel(env.workspace.rpc, owner, { name: 'Own gear' });
  await readAll(owner.actor, 2);

  expect(shape(await env.read(viewer.actor, { types: MODEL_TYPES, wait: 0 }))).toEqual([['workspace.model.created.v1', 'Team gear']]);
  // A team token of the owner sees the team's model, not the owner's own one.
  const teamToken = { ...owner.actor, scopes: ['models:read' as const], teamId: team.id };
  expect(about(await env.read(teamToken, { types: MODEL_TYPES, wait: 0 }), personal.id)).toEqual([]);
  expect(about(await env.read(teamToken, { types: MODEL_TYPES, wait: 0 }), model.id)).toHaveLength(1);

  await env.workspace.rpc.call('removeMember', { actor: owner.actor, body: { id: member.id } });
  expect(about(await env.read(viewer.actor, { types: MODEL_TYPES, wait: 0 }), model.id)).toEqual([]);
});

it('journals a repeated delivery once, with two instances; the other instance takes over when the writer stops', async () => {
  const db = env.workspace.db;
  const alice = await aUser(env.workspace.rpc);
  const model = await aModel(env.workspace.rpc, alice, { name: 'Once' });
  const [created] = (await readAll(alice.actor, 1)).events;

  // The same event again on the stream, under another message id (the stream's dedupe would drop the same one).
  const js = env.workspace.nc.jetstream();
  const copy = await js.publish(`${env.workspace.namespace}.evt.${created.event.type}`, JSON.stringify(created.event), {
    msgID: `copy-${created.event.eventId}`,
  });
  await rename(alice, model.id, 'Twice');
  await readAll(alice.actor, 2);
  await eventually(async () => {
    const info = await env.workspace.jsm.consumers.info(
      `${env.workspace.namespace}_WORKSPACE_EVENTS`,
      `${env.workspace.namespace}_journal-events-on-workspace-events`,
    );
    expect(info.ack_floor.stream_seq).toBeGreaterThanOrEqual(copy.seq);
  });
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM integrations.event_journal WHERE event_id = ${created.event.eventId}`.execute(db);
  expect(Number(rows[0].n)).toBe(1);

  // Both instances answer the same page (whichever the request reaches).
  const pages = await Promise.all(env.instances.map(() => env.read(alice.actor, { types: MODEL_TYPES, wait: 0 })));
  expect(pages[1]).toEqual(pages[0]);

  // The writer stops: the other instance takes over, and the next event is journaled once.
  const { PgJournalWriter } = require('../src/journal/adapters/pg-journal-writer') as typeof import('../src/journal/adapters/pg-journal-writer');
  const writers = env.instances.map((app) => app.get(PgJournalWriter));
  expect(writers.filter((w) => w.leading)).toHaveLength(1);
  const leader = env.instances[writers.findIndex((w) => w.leading)];
  await leader.close();
  env.instances.splice(env.instances.indexOf(leader), 1);
  await rename(alice, model.id, 'Thrice');
  const after = await readAll(alice.actor, 3);
  expect(shape(after).map(([, name]) => name)).toEqual(['Once', 'Twice', 'Thrice']);
  const { rows: dupes } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM (SELECT event_id FROM integrations.event_journal GROUP BY event_id HAVING count(*) > 1) d`.execute(db);
  expect(Number(dupes[0].n)).toBe(0);
});

it('never lets a reader that follows its cursor skip an event: overlapping writers commit positions in order', async () => {
  const { journalEvents } = require('../src/journal/projections/journal-events') as typeof import('../src/journal/projections/journal-events');
  const db = env.workspace.db as unknown as Kysely<unknown>;
  const actorId = `ordering-${Date.now()}`;
  const event = (i: number) => ({
    eventId: `${actorId}-${i}`,
    type: 'test.ordering.v1',
    aggregateType: 'test',
    aggregateId: actorId,
    occurredAt: new Date().toISOString(),
    actorId,
    correlationId: actorId,
    causationId: null,
    data: {},
  });
  const follow = async (after: string) =>
    (
      await sql<{ position: string; event_id: string }>`
        SELECT position, event_id FROM integrations.event_journal
        WHERE position > ${after}::bigint AND audience && ${[`user:${actorId}`]}::text[] ORDER BY position`.execute(db)
    ).rows;
  let writing = true;
  const seen: string[] = [];
  const reader = (async () => {
    let cursor = '0';
    for (;;) {
      const done = !writing;
      const rows = await follow(cursor);
      seen.push(...rows.map((r) => r.event_id));
      if (rows.length) cursor = String(rows[rows.length - 1].position);
      if (done && rows.length === 0) return;
    }
  })();
  // Eight writers at once, each transaction lingering before its commit, as a slow writer would.
  await Promise.all(
    Array.from({ length: 8 }, (_, writer) =>
      (async () => {
        for (let k = 0; k < 5; k++)
          await db.transaction().execute(async (trx) => {
            await journalEvents(trx, 'TEST_EVENTS', [event(writer * 10 + k)]);
            await sql`SELECT pg_sleep(${Math.random() * 0.02})`.execute(trx);
          });
      })(),
    ),
  );
  writing = false;
  await reader;
  const all = (await follow('0')).map((r) => r.event_id);
  expect(all).toHaveLength(40);
  expect(seen).toEqual(all);
});

it('cuts a page of large events short of one NATS message, and the next page goes on from its cursor', async () => {
  const { journalEvents } = require('../src/journal/projections/journal-events') as typeof import('../src/journal/projections/journal-events');
  const db = env.workspace.db as unknown as Kysely<unknown>;
  const actorId = `large-${Date.now()}`;
  const large = (i: number) => ({
    eventId: `${actorId}-${i}`,
    type: 'test.large.v1',
    aggregateType: 'test',
    aggregateId: actorId,
    occurredAt: new Date().toISOString(),
    actorId,
    correlationId: actorId,
    causationId: null,
    data: { blob: 'x'.repeat(150_000) },
  });
  await db.transaction().execute((trx) =>
    journalEvents(
      trx,
      'TEST_EVENTS',
      Array.from({ length: 8 }, (_, i) => large(i)),
    ),
  );
  const read: string[] = [];
  let cursor = '0';
  let pages = 0;
  while (read.length < 8 && pages < 10) {
    // (No `types`: the test's own type is in no catalogue; this reader sees only the events it acted in.)
    const page = await env.read({ userId: actorId }, { after: cursor, limit: 500, wait: 0 });
    expect(page.events.length).toBeLessThanOrEqual(3);
    read.push(...page.events.map((e) => e.event.eventId));
    cursor = page.cursor;
    pages++;
  }
  expect(read).toEqual(Array.from({ length: 8 }, (_, i) => `${actorId}-${i}`));
});

// Last in this file: it prunes every event of this database's journal.
it('prunes the events past the retention, keeps those a webhook still needs, and tells a reader whose cursor is older (410)', async () => {
  const { journalPruneHook, readJournalRetentionMs } =
    require('../src/journal/adapters/pg-journal-pruning') as typeof import('../src/journal/adapters/pg-journal-pruning');
  const { pruneOnce } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
  const db = env.workspace.db as unknown as Kysely<unknown>;
  const DAY = 86_400_000;
  // 90 days unless told; never under the webhook log's 30 days nor the streams' age.
  expect(readJournalRetentionMs({})).toBe(90 * DAY);
  expect(readJournalRetentionMs({ KILN_EVENT_JOURNAL_RETENTION: '1d' })).toBe(30 * DAY);
  expect(readJournalRetentionMs({ KILN_EVENT_JOURNAL_RETENTION: '1d', KILN_STREAM_MAX_AGE: '45d' })).toBe(45 * DAY);
  const prune = () => pruneOnce(db, 'integrations', { hooks: { journal: journalPruneHook(90 * DAY) }, now: new Date(Date.now() + 91 * DAY) });

  const alice = await aUser(env.workspace.rpc);
  const model = await aModel(env.workspace.rpc, alice, { name: 'Old gear' });
  await rename(alice, model.id, 'Old gear two');
  const [first, second] = (await readAll(alice.actor, 2)).events;

  // Nothing is old yet: nothing goes.
  expect(await pruneOnce(db, 'integrations', { hooks: { journal: journalPruneHook(90 * DAY) } })).toMatchObject({ journal: 0 });

  // A delivery still pending holds its event (and the later ones), even past the retention.
  const endpointId = 'e'.repeat(24);
  await sql`INSERT INTO integrations.webhook_endpoints (id, owner_id, scope, url, event_types, secret_sealed, enabled, created_at, updated_at)
    VALUES (${endpointId}, ${alice.actor.userId}, 'personal', 'https://hooks.example.com/kiln', ${MODEL_TYPES}::text[], 'sealed', false,
      now(), now())`.execute(db);
  await sql`INSERT INTO integrations.webhook_deliveries (id, endpoint_id, event_id, event_type, position, record_key, status, created_at, updated_at)
    VALUES (${'d'.repeat(24)}, ${endpointId}, ${second!.event.eventId}, ${second!.event.type}, ${second!.cursor}::bigint, 'k', 'pending',
      now(), now())`.execute(db);
  expect((await prune())!.journal).toBeGreaterThan(0);
  expect(about(await env.read(alice.actor, { types: MODEL_TYPES, wait: 0 }), model.id).map((e) => e.cursor)).toEqual([second!.cursor]);

  // A reader whose cursor is before what was pruned is told so; one at the horizon or after reads on.
  const before = String(BigInt(first!.cursor) - 1n);
  expect(await env.readFails(alice.actor, { after: before, wait: 0 })).toEqual({ statusCode: 410, message: EVENTS_MESSAGES.pruned });
  const horizon = await sql<{ p: string }>`SELECT pruned_through::text AS p FROM integrations.journal_horizon`.execute(db);
  expect(BigInt(horizon.rows[0]!.p)).toBe(BigInt(second!.cursor) - 1n);
  expect(about(await env.read(alice.actor, { after: horizon.rows[0]!.p, types: MODEL_TYPES, wait: 0 }), model.id)).toHaveLength(1);

  // Delivered: its event may go too.
  await sql`UPDATE integrations.webhook_deliveries SET status = 'delivered'`.execute(db);
  expect((await prune())!.journal).toBeGreaterThan(0);
  expect(about(await env.read(alice.actor, { types: MODEL_TYPES, wait: 0 }), model.id)).toEqual([]);
  expect(await env.readFails(alice.actor, { after: first!.cursor, wait: 0 })).toEqual({ statusCode: 410, message: EVENTS_MESSAGES.pruned });
  // The program that kept the newest cursor goes on; the next event is there.
  await rename(alice, model.id, 'Old gear three');
  const next = await readAll(alice.actor, 1, second!.cursor);
  expect(shape(next)).toEqual([['workspace.model.renamed.v1', 'Old gear three']]);
});
