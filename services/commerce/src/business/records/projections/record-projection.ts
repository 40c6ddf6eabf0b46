import { AnyEventEnvelope, COMMERCE_STREAM, parseEvent } from '@kiln/contracts';
import { Changes, evolveRecord, factKind, RecordFactKind, RecordState } from '@kiln/domain';
import { Projection } from '@kiln/service-kit';
import { sql, Transaction } from 'kysely';
import { CommerceDatabase, SCHEMA } from '../../../database.types';
import { AnyRecordType, presentChanges, RecordJson } from '../record-type';

type Trx = Transaction<CommerceDatabase>;
type Row = Record<string, unknown>;

/** Streams folded per rebuild round: their events are read in one query and written in a few multi-row inserts. */
export const REBUILD_BATCH = 1000;
/** Postgres takes at most 65,535 parameters a statement; inserts are cut to stay below. */
const MAX_PARAMETERS = 60_000;

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
    record: JSON.stringify(record),
    ...(type.viewColumns?.(record) ?? {}),
  };
}

/** A timeline entry: one per fact (`changes` as presented, the way the events carry them). */
function historyRow(type: AnyRecordType, kind: RecordFactKind, recordId: string, version: number, at: Date, by: string | null, changes: Changes): Row {
  return { record_id: recordId, version, type: `${type.rules.type}.${kind}`, at, by: by ?? '', changes: JSON.stringify(changes) };
}

function kindOf(type: AnyRecordType, eventType: string): RecordFactKind {
  const kind = (Object.entries(type.events) as [RecordFactKind, string][]).find(([, t]) => t === eventType)?.[0];
  if (!kind) throw new Error(`not a ${type.rules.type} event: ${eventType}`);
  return kind;
}

/** Rows cut so that no insert passes the parameter limit. */
function* chunks(rows: Row[]): Generator<Row[]> {
  if (rows.length === 0) return;
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(rows[0]).length));
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/**
 * Read-model rows, one multi-row upsert a chunk: a row replaces the kept one only when newer (a late or
 * repeated event changes nothing; a deletion stays as a tombstone). At most one row per id a statement.
 */
async function upsertViews(trx: Trx, type: AnyRecordType, rows: Row[]): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const t = trx.withSchema(SCHEMA) as any;
  for (const chunk of chunks(rows)) {
    const columns = Object.keys(chunk[0]).filter((c) => c !== 'id');
    await t
      .insertInto(type.view)
      .values(chunk)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .onConflict((oc: any) => oc.column('id').doUpdateSet(Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)]))).where(sql.ref(`${type.view}.version`), '<', sql.ref('excluded.version')))
      .execute();
  }
}

/** Timeline entries, one multi-row insert a chunk; an entry already there (a repeated event) stays as it is. */
async function insertHistory(trx: Trx, rows: Row[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    await trx
      .withSchema(SCHEMA)
      .insertInto('business_record_history')
      .values(chunk as never)
      .onConflict((oc) => oc.columns(['record_id', 'version']).doNothing())
      .execute();
  }
}

/**
 * Applies record events in stream order: per record, the row of the newest version among them (the
 * first of equal ones: what applying them one by one leaves, as the version guard is strict), and the
 * timeline entry of each version (once). Two statements however many events.
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
 * the events table, REBUILD_BATCH streams at a time (by stream id, each in version order), folds each in
 * memory with the domain (the same `evolveRecord`, `present` and contract parse the live events went
 * through, so rebuilt equals live) and writes the batch's rows and timelines with multi-row inserts.
 */
export function recordProjection(type: AnyRecordType, name: string): Projection {
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
      const streamsOfType = trx.withSchema(SCHEMA).selectFrom('events').select('stream_id').where('stream_type', '=', streamType).where('version', '=', 1);
      await trx.withSchema(SCHEMA).deleteFrom(type.view).execute();
      await trx.withSchema(SCHEMA).deleteFrom('business_record_history').where('record_id', 'in', streamsOfType).execute();
      let written = 0;
      let after = '';
      for (;;) {
        const page = streamsOfType.where('stream_id', '>', after).orderBy('stream_id').limit(REBUILD_BATCH);
        const rows = (await trx
          .withSchema(SCHEMA)
          .selectFrom('events')
          .select(['stream_id', 'version', 'type', 'data', 'occurred_at', 'actor_id', 'event_id'])
          .where('stream_type', '=', streamType)
          .where('stream_id', 'in', page)
          .orderBy('stream_id')
          .orderBy('version')
          .execute()) as EventRow[];
        if (rows.length === 0) return written;
        const views: Row[] = [];
        const history: Row[] = [];
        for (let start = 0; start < rows.length; ) {
          let end = start + 1;
          while (end < rows.length && rows[end].stream_id === rows[start].stream_id) end++;
          const folded = foldStream(type, rows[start].stream_id, rows.slice(start, end));
          views.push(folded.view);
          history.push(...folded.history);
          start = end;
        }
        await upsertViews(trx, type, views);
        await insertHistory(trx, history);
        written += views.length;
        after = rows[rows.length - 1].stream_id;
      }
    },
  };
}
