import { AnyEventEnvelope, COMMERCE_STREAM, parseEvent } from '@kiln/contracts';
import { Changes, evolveRecord, factKind, RecordFactKind, RecordState } from '@kiln/domain';
import { Projection } from '@kiln/service-kit';
import { QueryResult, RawBuilder, sql, Transaction } from 'kysely';
import { CommerceDatabase, SCHEMA } from '../../database.types';
import { AnyRecordType, presentChanges, RecordJson } from '../record-type';

type Trx = Transaction<CommerceDatabase>;
type Row = Record<string, unknown>;

/**
 * Events read per rebuild round (about a thousand streams of two facts): their streams are folded in
 * memory and written with a few multi-row inserts.
 */
export const REBUILD_FETCH = 2000;
/** Rows per insert statement: a few big statements were twice as slow as more of these (measured). */
const INSERT_CHUNK = 1000;

/** `commerce.material.created.v1` → `commerce.material.>` (one subject per consumer). */
const subjectOf = (type: AnyRecordType) => `${type.events.created.split('.').slice(0, 2).join('.')}.>`;

/** The read-model row of a record (common columns, then the type's own). */
function viewRow(type: AnyRecordType, record: RecordJson & { tags?: string[] }, deletedAt: Date | null): Row {
  return {
    id: record.id,
    owner_id: record.ownerId,
    team_id: record.teamId,
    project_id: record.projectId,
    name: record.name,
    tags: type.tags?.(record) ?? [],
    price_cents: type.priceCents?.(record) ?? null,
    created_at: new Date(record.createdAt),
    updated_at: new Date(record.updatedAt),
    version: record.version,
    deleted_at: deletedAt,
    record,
    ...(type.viewColumns?.(record) ?? {}),
  };
}

/** A timeline entry: one per fact (`changes` as presented, the way the events carry them). */
function historyRow(type: AnyRecordType, kind: RecordFactKind, recordId: string, version: number, at: Date, by: string | null, changes: Changes): Row {
  return { record_id: recordId, version, type: `${type.rules.type}.${kind}`, at, by: by ?? '', changes };
}

function kindOf(type: AnyRecordType, eventType: string): RecordFactKind {
  if (type.updatedEvents?.types.includes(eventType)) return 'updated';
  const kind = (Object.entries(type.events) as [RecordFactKind, string][]).find(([, t]) => t === eventType)?.[0];
  if (!kind) throw new Error(`not a ${type.rules.type} event: ${eventType}`);
  return kind;
}

/**
 * Inserts rows as one JSON parameter per chunk (`jsonb_populate_recordset` of the table's row type): far
 * cheaper to send and plan than thousands of bound values. `conflict` is the statement's ON CONFLICT.
 */
async function insertRows(trx: Trx, table: string, rows: Row[], conflict: (columns: string[]) => RawBuilder<unknown>): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const list = sql.join(columns.map((c) => sql.id(c)));
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const json = JSON.stringify(rows.slice(start, start + INSERT_CHUNK));
    await sql`INSERT INTO ${sql.id(SCHEMA, table)} (${list})
      SELECT ${list} FROM jsonb_populate_recordset(NULL::${sql.id(SCHEMA, table)}, ${json}::jsonb) ${conflict(columns)}`.execute(trx);
  }
}

/**
 * Read-model rows (at most one per id): a row replaces the kept one only when newer (a late or repeated
 * event changes nothing; a deletion stays as a tombstone).
 */
async function upsertViews(trx: Trx, type: AnyRecordType, rows: Row[]): Promise<void> {
  await insertRows(trx, type.view, rows, (columns) => {
    const set = sql.join(columns.filter((c) => c !== 'id').map((c) => sql`${sql.id(c)} = excluded.${sql.id(c)}`));
    return sql`ON CONFLICT (id) DO UPDATE SET ${set} WHERE ${sql.id(type.view)}.version < excluded.version`;
  });
}

/**
 * Timeline entries, as one array per column (`unnest`: cheaper than JSON rows for this fixed shape); an
 * entry already there (a repeated event) stays as it is.
 */
async function insertHistory(trx: Trx, rows: Row[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    const column = (name: string) => chunk.map((r) => r[name]);
    await sql`INSERT INTO ${sql.id(SCHEMA, 'business_record_history')} (record_id, version, type, at, by, changes)
      SELECT * FROM unnest(
        ${column('record_id')}::text[], ${column('version')}::int[], ${column('type')}::text[], ${column('at')}::timestamptz[], ${column('by')}::text[],
        ${chunk.map((r) => JSON.stringify(r.changes))}::jsonb[]
      )
      ON CONFLICT (record_id, version) DO NOTHING`.execute(trx);
  }
}

/**
 * Applies record events in stream order: per record, the row of the newest version among them (the
 * first of equal ones: what applying them one by one leaves, as the version guard is strict), and the
 * timeline entry of each version (once). One upsert and one insert (a thousand rows each at most).
 */
async function applyRecordEvents(trx: Trx, type: AnyRecordType, events: AnyEventEnvelope[]): Promise<void> {
  const views = new Map<string, Row>();
  const history: Row[] = [];
  for (const event of events) {
    const { changes, record } = event.data as { changes: Changes; record: RecordJson };
    const kind = kindOf(type, event.type);
    const held = views.get(record.id);
    if (!held || Number(held.version) < record.version) views.set(record.id, viewRow(type, record, kind === 'deleted' ? new Date(event.occurredAt) : null));
    history.push(historyRow(type, kind, record.id, record.version, new Date(event.occurredAt), event.actorId, changes));
  }
  await upsertViews(trx, type, [...views.values()]);
  await insertHistory(trx, history);
}

interface EventRow {
  stream_id: string;
  version: number;
  type: string;
  data: unknown;
  occurred_at: Date | string;
  actor_id: string | null;
  event_id: string;
}

/**
 * Folds one stream (its events in version order) as the live path would have projected it: a timeline
 * entry per fact and the read-model row of the last. Only the last record goes through its contract (as
 * the live consumer parses each event), not every intermediate one: only the last is kept.
 */
function foldStream(type: AnyRecordType, id: string, rows: EventRow[]): { view: Row; history: Row[] } {
  const scope = (rows[0].data as { scope?: { ownerId: string; teamId: string | null; projectId: string | null } }).scope;
  if (!scope) throw new Error(`record stream ${id} does not start with its scope`);
  let state: RecordState<object> | null = null;
  const history: Row[] = [];
  let at = new Date(0);
  let kind: RecordFactKind = 'created';
  for (const row of rows) {
    at = new Date(row.occurred_at);
    const fact = { type: row.type, changes: (row.data as { changes: Changes }).changes, at, by: row.actor_id ?? '' };
    state = evolveRecord(state, fact, { id, ...scope });
    kind = factKind(fact);
    history.push(historyRow(type, kind, id, row.version, at, row.actor_id, presentChanges(type, fact.changes)));
  }
  const last = rows[rows.length - 1];
  const event = parseEvent({
    eventId: last.event_id,
    type: type.events[kind],
    aggregateType: type.rules.type,
    aggregateId: id,
    occurredAt: at.toISOString(),
    actorId: last.actor_id,
    correlationId: last.event_id,
    causationId: null,
    data: JSON.parse(JSON.stringify({ changes: {}, record: type.present(state!) })),
  });
  const record = (event.data as { record: RecordJson }).record;
  return { view: viewRow(type, record, kind === 'deleted' ? new Date(event.occurredAt) : null), history };
}

/**
 * The projection of one record type (ADR 0029): its read model and timeline from its events on
 * COMMERCE_EVENTS, a batch of events in two multi-row statements. A rebuild reads the type's streams from
 * the events table, REBUILD_FETCH events at a time (by stream id, each in version order), folds each in
 * memory with the domain (the same `evolveRecord`, `present` and contract parse the live events went
 * through, so rebuilt equals live) and writes the batch's rows and timelines with multi-row inserts.
 * `rebuildFetch` (events a fetch; REBUILD_FETCH) is there for tests to cut streams across fetches.
 */
export function recordProjection(type: AnyRecordType, name: string, options: { rebuildFetch?: number } = {}): Projection {
  const rebuildFetch = options.rebuildFetch ?? REBUILD_FETCH;
  return {
    name,
    stream: COMMERCE_STREAM.name,
    subject: subjectOf(type),
    async apply(trx, event) {
      await applyRecordEvents(trx as Trx, type, [event]);
    },
    async applyBatch(trx, events) {
      await applyRecordEvents(trx as Trx, type, events);
    },
    async rebuild(anyTrx) {
      const trx = anyTrx as Trx;
      const streamType = type.rules.type;
      await trx.withSchema(SCHEMA).deleteFrom(type.view).execute();
      await trx
        .withSchema(SCHEMA)
        .deleteFrom('business_record_history')
        .where(
          'record_id',
          'in',
          trx.withSchema(SCHEMA).selectFrom('events').select('stream_id').where('stream_type', '=', streamType).where('version', '=', 1),
        )
        .execute();
      // One ordered pass over the type's events through a cursor: Postgres sorts (or walks the
      // (stream_id, version) index) once, whatever its statistics say about a freshly filled table.
      const cursor = sql.id(`rebuild_${name.replace(/\W/g, '_')}`);
      await sql`DECLARE ${cursor} NO SCROLL CURSOR FOR
        SELECT stream_id, version, type, data, occurred_at, actor_id, event_id FROM ${sql.id(SCHEMA, 'events')}
        WHERE stream_type = ${streamType} ORDER BY stream_id, version`.execute(trx);
      const fetch = (): Promise<QueryResult<EventRow>> => sql<EventRow>`FETCH ${sql.raw(String(rebuildFetch))} FROM ${cursor}`.execute(trx);
      let written = 0;
      // The last stream of a fetch may go on in the next one: it waits for it.
      let pending: EventRow[] = [];
      // Pipelined on the one connection: the next FETCH is sent before this batch's inserts, so the
      // batch after is folded here while Postgres writes this one.
      let next: Promise<QueryResult<EventRow>> | null = fetch();
      let writing: Promise<void> = Promise.resolve();
      try {
        while (next) {
          const fetched: EventRow[] = (await next).rows;
          const rows = pending.concat(fetched);
          const done: boolean = fetched.length < rebuildFetch;
          let complete = rows.length;
          if (!done) {
            const lastId = rows[rows.length - 1].stream_id;
            while (complete > 0 && rows[complete - 1].stream_id === lastId) complete--;
          }
          pending = rows.slice(complete);
          const views: Row[] = [];
          const history: Row[] = [];
          for (let start = 0; start < complete;) {
            let end = start + 1;
            while (end < complete && rows[end].stream_id === rows[start].stream_id) end++;
            const folded = foldStream(type, rows[start].stream_id, rows.slice(start, end));
            views.push(folded.view);
            history.push(...folded.history);
            start = end;
          }
          await writing;
          next = done ? null : fetch();
          // Its failure is seen at the next `await writing` (or below); until then it must not count as unhandled.
          writing = (async () => {
            await upsertViews(trx, type, views);
            await insertHistory(trx, history);
          })();
          writing.catch(() => undefined);
          written += views.length;
        }
      } finally {
        // Nothing may still run on the transaction when it ends (a failure rolls it back anyway).
        await Promise.allSettled([writing, next]);
      }
      await writing;
      await sql`CLOSE ${cursor}`.execute(trx);
      return written;
    },
  };
}
