/**
 * The business dashboard's part of the benchmark (issue 8):
 * - inventory list: GET /api/workspace/business-material (first page of 20, newest change first) of a user
 *   with INVENTORY materials, through the whole stack, beside the list baseline (the bare HTTP + NATS +
 *   Postgres page-and-count chain) like the model lists. One material is created through the API; the
 *   rest are copies of its read-model row (seeding is setup, not what is measured; the list reads only
 *   `business_material_view`).
 * - commerce rebuild: `count` catalog-item events (half additions, half renames, as a stream holds them),
 *   made with the domain's own rules so every one parses with its contract, are published to a stream of
 *   a namespace of their own. Measured in the same run: the raw JetStream consume rate (read, parse JSON,
 *   ack), the catalog projection replaying them live (`ProjectionRunner`: contracts parse, exactly-once
 *   bookkeeping, `business_catalog_view` and the timelines), and the projection's rebuild from the events
 *   table (`rebuildProjection`: fold every stream with the domain, present, apply).
 * Everything it made is deleted at the end.
 */
import { AnyEventEnvelope, COMMERCE_STREAM } from '@kiln/contracts';
import { catalogRules, decideCreate, decideUpdate, evolveRecord, RecordState, CatalogFields } from '@kiln/domain';
import { connect } from 'nats';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Kysely } from 'kysely';
import { Pool } from 'pg';
import { createDatabase, ensureStream, migrateSchema, nsName, ProjectionRunner, rebuildProjection } from '../../services/kit/src';
import { newId } from '../../services/kit/src/ids';
import { catalogItemType } from '../../services/commerce/src/catalog/catalog-item-type';
import { ProjectCatalogOnCatalogEvents } from '../../services/commerce/src/catalog/projections/project-catalog-on-catalog-events';
import { presentChanges } from '../../services/commerce/src/business-records/record-type';
import { commerceMigrations } from '../../services/commerce/src/migrations';
import type { CommerceDatabase } from '../../services/commerce/src/database.types';
import { BenchUser } from './kiln';
import { publishEvents, rawConsumeSeconds } from './rebuild';
import { NamedOperation } from './stats';

export const INVENTORY = 10_000;

const SHEET = {
  name: 'Bench plywood',
  internalName: 'BENCH-PLY',
  materialClass: 'sheet',
  params: { width: { value: 1220, unit: 'mm' }, length: { value: 2440, unit: 'mm' }, thickness: { value: 4, unit: 'mm' } },
  price: { strategy: 'per-piece', unit: 'each', price: 12.5 },
  quantityInStock: { value: 10, unit: 'each' },
  tags: ['wood'],
  appearance: [{ mode: 'color', textureId: null, color: { hex: '#A0522D', metallicity: 0, roughness: 0.8, opacity: 1 }, materialIndexDirection: ['all'] }],
};

/** One material through the API, then `count - 1` copies of its read-model row (one second apart, so the order is total). */
export async function seedMaterials(url: string, pool: Pool, user: BenchUser, count: number): Promise<void> {
  const res = await fetch(`${url}/api/workspace/business-material`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(SHEET),
  });
  if (res.status !== 201) throw new Error(`POST /api/workspace/business-material: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const now = Date.now();
  const ids: string[] = [];
  const names: string[] = [];
  const times: string[] = [];
  for (let i = 1; i < count; i++) {
    const at = new Date(now - (i + 60) * 1000);
    ids.push(newId(at));
    names.push(`Bench material ${String(i).padStart(6, '0')}`);
    times.push(at.toISOString());
  }
  await pool.query(
    `INSERT INTO commerce.business_material_view
       (id, owner_id, team_id, project_id, name, tags, price_cents, created_at, updated_at, version, deleted_at, record, material_class, in_stock)
     SELECT t.id, v.owner_id, v.team_id, v.project_id, t.name, v.tags, v.price_cents, t.at, t.at, 1, NULL,
            v.record || jsonb_build_object('id', t.id, 'name', t.name,
              'createdAt', to_char(t.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'updatedAt', to_char(t.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'version', 1),
            v.material_class, v.in_stock
     FROM commerce.business_material_view v, unnest($1::text[], $2::text[], $3::timestamptz[]) AS t(id, name, at) WHERE v.id = $4`,
    [ids, names, times, id],
  );
  await pool.query('VACUUM ANALYZE commerce.business_material_view');
}

/** GET the first page of the inventory (20, newest change first) with its total, body parsed. */
export function inventoryListOperation(url: string, user: BenchUser, total: number): NamedOperation {
  const target = `${url}/api/workspace/business-material?${new URLSearchParams({ skip: '0', limit: '20', sort: '{"updatedAt":-1}' })}`;
  const headers = { authorization: `Bearer ${user.token}` };
  return {
    name: `inventory list ${total / 1000}k first`,
    op: async () => {
      const res = await fetch(target, { headers });
      if (res.status !== 200) throw new Error(`GET ${target}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { data: unknown[]; total: number };
      if (body.data.length !== 20 || body.total !== total)
        throw new Error(`GET ${target}: expected 20 of ${total} materials, got ${body.data.length} of ${body.total}`);
    },
  };
}

export interface CommerceRebuildResult {
  events: number;
  rawPerSecond: number;
  replayPerSecond: number;
  rebuildPerSecond: number;
}

interface Generated {
  integration: AnyEventEnvelope[];
  rows: {
    event_id: string;
    stream_type: string;
    stream_id: string;
    version: number;
    type: string;
    data: string;
    occurred_at: Date;
    actor_id: string;
    correlation_id: string;
    causation_id: null;
  }[];
}

/** Catalog items added then renamed, in chunks of a thousand, through the domain's rules. */
function catalogEvents(count: number, ownerId: string): Generated {
  const out: Generated = { integration: [], rows: [] };
  const base = new Date('2026-01-01T00:00:00Z').getTime();
  const items = Math.ceil(count / 2);
  const states: RecordState<CatalogFields>[] = [];
  const emit = (
    id: string,
    state: RecordState<CatalogFields>,
    fact: { type: string; changes: Record<string, { from: unknown; to: unknown }>; at: Date },
    first: boolean,
  ) => {
    const eventId = randomBytes(12).toString('hex');
    const kind = first ? 'created' : 'updated';
    out.integration.push({
      eventId,
      type: catalogItemType.events[kind],
      aggregateType: 'catalog-item',
      aggregateId: id,
      occurredAt: fact.at.toISOString(),
      actorId: ownerId,
      correlationId: eventId,
      causationId: null,
      data: JSON.parse(JSON.stringify({ changes: presentChanges(catalogItemType, fact.changes), record: catalogItemType.present(state) })),
    });
    const scope = { ownerId, teamId: null, projectId: null };
    out.rows.push({
      event_id: eventId,
      stream_type: 'catalog-item',
      stream_id: id,
      version: state.version,
      type: fact.type,
      data: JSON.stringify(first ? { changes: fact.changes, scope } : { changes: fact.changes }),
      occurred_at: fact.at,
      actor_id: ownerId,
      correlation_id: eventId,
      causation_id: null,
    });
  };
  for (let start = 0; start < items; start += 1000) {
    const end = Math.min(items, start + 1000);
    for (let i = start; i < end; i++) {
      const at = new Date(base + i * 1000);
      const id = newId(at);
      const modelId = newId(at);
      const model = { id: modelId, name: `Replayed model ${i}`, preview: null, author: { id: ownerId, fullName: 'Bench User' }, exists: true };
      const { fact } = decideCreate(catalogRules, { body: { modelId, price: 0 }, model }, ownerId, at);
      const state = evolveRecord<CatalogFields>(null, fact, { id, ownerId, teamId: null, projectId: null });
      states[i] = state;
      emit(id, state, fact, true);
    }
    for (let i = start; i < end && out.integration.length < count; i++) {
      const at = new Date(base + i * 1000 + 500);
      const fact = decideUpdate(catalogRules, states[i], { changes: { name: `Replayed item ${i} v2` } }, ownerId, at)!;
      const state = evolveRecord(states[i], fact, { id: states[i].id, ownerId, teamId: null, projectId: null });
      emit(state.id, state, fact, false);
    }
  }
  out.integration = out.integration.slice(0, count);
  out.rows = out.rows.slice(0, count);
  return out;
}

export async function commerceRebuildRates(options: {
  natsUrl: string;
  databaseUrl: string;
  count: number;
  say: (line: string) => void;
}): Promise<CommerceRebuildResult> {
  const { count, say } = options;
  const namespace = `c${randomBytes(4).toString('hex')}`;
  const previousNamespace = process.env.KILN_NAMESPACE;
  // The runner names its stream, consumer and subjects from the environment, as a service does.
  process.env.KILN_NAMESPACE = namespace;
  const nc = await connect({ servers: options.natsUrl, name: 'kiln-bench-commerce-rebuild' });
  const jsm = await nc.jetstreamManager();
  const js = nc.jetstream();
  const stream = nsName(COMMERCE_STREAM.name);
  const database = `kiln_bench_commerce_${randomBytes(4).toString('hex')}`;
  const admin = new Pool({ connectionString: options.databaseUrl, max: 1 });
  const url = new URL(options.databaseUrl);
  url.pathname = `/${database}`;
  let db: ReturnType<typeof createDatabase>['db'] | undefined;
  try {
    await ensureStream(jsm, COMMERCE_STREAM, { maxAgeMs: 0, maxBytes: -1, replicas: 1 });
    const generated = catalogEvents(count, newId());
    const publishSeconds = await publishEvents(js, generated.integration);
    say(`commerce rebuild: published ${count} catalog-item events in ${publishSeconds.toFixed(1)} s (setup, not measured)`);

    const rawSeconds = await rawConsumeSeconds(jsm, js, stream, 'evt.commerce.catalog-item.>', count);

    // Replay: the live projection code from the first event into an empty read model.
    await admin.query(`CREATE DATABASE "${database}"`);
    db = createDatabase(url.toString(), { max: 4 }).db;
    await migrateSchema(db, 'commerce', commerceMigrations);
    const runner = new ProjectionRunner(db, 'commerce', jsm, js, ProjectCatalogOnCatalogEvents, (line) => say(`commerce rebuild: ${line}`));
    let applied = 0;
    let allApplied!: () => void;
    const done = new Promise<void>((resolve) => (allApplied = resolve));
    runner.onApplied(() => {
      if (++applied === count) allApplied();
    });
    const replayStart = performance.now();
    await runner.start();
    await done;
    const replaySeconds = (performance.now() - replayStart) / 1000;
    await runner.stop();

    // Rebuild: the same facts in the events table, folded and projected again from scratch.
    for (let start = 0; start < generated.rows.length; start += 1000) {
      await (db as unknown as Kysely<CommerceDatabase>)
        .withSchema('commerce')
        .insertInto('events')
        .values(generated.rows.slice(start, start + 1000))
        .execute();
    }
    const rebuildStart = performance.now();
    await rebuildProjection(db, 'commerce', ProjectCatalogOnCatalogEvents);
    const rebuildSeconds = (performance.now() - rebuildStart) / 1000;
    return { events: count, rawPerSecond: count / rawSeconds, replayPerSecond: count / replaySeconds, rebuildPerSecond: count / rebuildSeconds };
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
