import { AnyEventEnvelope, COMMERCE_STREAM, parseEvent } from '@kiln/contracts';
import { Changes, evolveRecord, factKind, RecordFactKind, RecordState } from '@kiln/domain';
import { Projection } from '@kiln/service-kit';
import { sql, Transaction } from 'kysely';
import { CommerceDatabase, SCHEMA } from '../../../database.types';
import { readStreamsOfType } from '../../../event-store/event-store';
import { AnyRecordType, presentChanges, RecordJson } from '../record-type';

type Trx = Transaction<CommerceDatabase>;

/** `commerce.material.created.v1` → `commerce.material.>` (one subject per consumer). */
const subjectOf = (type: AnyRecordType) => `${type.events.created.split('.').slice(0, 2).join('.')}.>`;

/** The read-model row of a record (common columns, then the type's own). */
function viewRow(type: AnyRecordType, record: RecordJson & { tags?: string[] }, deletedAt: Date | null) {
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

/**
 * Applies one record event: the read-model row (only when newer than the one kept: a late or repeated
 * event changes nothing; a deletion stays as a tombstone) and the timeline entry of its version (once).
 */
async function applyRecordEvent(trx: Trx, type: AnyRecordType, event: AnyEventEnvelope): Promise<void> {
  const { changes, record } = event.data as { changes: Changes; record: RecordJson };
  const kind = (Object.entries(type.events) as [RecordFactKind, string][]).find(([, t]) => t === event.type)?.[0];
  if (!kind) throw new Error(`not a ${type.rules.type} event: ${event.type}`);
  const row = viewRow(type, record, kind === 'deleted' ? new Date(event.occurredAt) : null);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const t = trx.withSchema(SCHEMA) as any;
  await t
    .insertInto(type.view)
    .values(row)
    .onConflict((oc: any) => oc.column('id').doUpdateSet(row).where(`${type.view}.version`, '<', record.version))
    .execute();
  await trx
    .withSchema(SCHEMA)
    .insertInto('business_record_history')
    .values({ record_id: record.id, version: record.version, type: `${type.rules.type}.${kind}`, at: new Date(event.occurredAt), by: event.actorId ?? '', changes: JSON.stringify(changes) })
    .onConflict((oc) => oc.columns(['record_id', 'version']).doNothing())
    .execute();
}

/**
 * The projection of one record type (ADR 0029): its read model and timeline from its events on
 * COMMERCE_EVENTS. A rebuild replays the type's streams from the events table through the same path the
 * live events take (each fact's integration event, parsed with its contract), so rebuilt equals live.
 */
export function recordProjection(type: AnyRecordType, name: string): Projection {
  return {
    name,
    stream: COMMERCE_STREAM.name,
    subject: subjectOf(type),
    async apply(trx, event) {
      await applyRecordEvent(trx as Trx, type, event);
    },
    async rebuild(anyTrx) {
      const trx = anyTrx as Trx;
      const streams = await readStreamsOfType(trx, type.rules.type);
      await trx.withSchema(SCHEMA).deleteFrom(type.view).execute();
      await sql`DELETE FROM ${sql.id(SCHEMA, 'business_record_history')} h USING ${sql.id(SCHEMA, 'events')} e WHERE e.stream_id = h.record_id AND e.stream_type = ${type.rules.type}`.execute(trx);
      for (const [id, stored] of streams) {
        const first = stored[0].data as { scope: { ownerId: string; teamId: string | null; projectId: string | null } };
        let state: RecordState<object> | null = null;
        for (const fact of stored) {
          const recordFact = { type: fact.type, changes: (fact.data as { changes: Changes }).changes, at: fact.occurredAt, by: fact.actorId ?? '' };
          state = evolveRecord(state, recordFact, { id, ...first.scope });
          const event = parseEvent({
            eventId: fact.eventId,
            type: type.events[factKind(recordFact)],
            aggregateType: type.rules.type,
            aggregateId: id,
            occurredAt: fact.occurredAt.toISOString(),
            actorId: fact.actorId,
            correlationId: fact.eventId,
            causationId: null,
            data: JSON.parse(JSON.stringify({ changes: presentChanges(type, recordFact.changes), record: type.present(state) })),
          });
          await applyRecordEvent(trx, type, event);
        }
      }
      return streams.size;
    },
  };
}
