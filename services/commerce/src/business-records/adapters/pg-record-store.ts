import { Inject, Injectable } from '@nestjs/common';
import { evolveRecord, factKind, RecordFact, RecordState } from '@kiln/domain';
import { DB, EventMeta } from '@kiln/service-kit';
import { Kysely, Transaction } from 'kysely';
import { CommerceDatabase, SCHEMA } from '../../database.types';
import { appendToStream, NewFact } from '../../event-store/event-store';
import { fold, RecordScope, RecordStore, RecordStream } from '../ports/record-store.port';
import { AnyRecordType, presentChanges } from '../record-type';

/** What the events table keeps of a record fact (`by` is the row's actor_id, `at` its occurred_at). */
interface StoredRecordFact {
  changes: RecordFact['changes'];
  /** On the created fact only. */
  scope?: RecordScope;
}

type Db = Kysely<CommerceDatabase> | Transaction<CommerceDatabase>;

/** The integration event of a fact: its kind's, or the type's own for an `updated` one (ADR 0057). */
export function integrationEventOf(type: AnyRecordType, fact: RecordFact): string {
  const kind = factKind(fact);
  return kind === 'updated' && type.updatedEvents ? type.updatedEvents.of(fact.changes) : type.events[kind];
}

/**
 * Business records in the commerce event store (ADR 0029): a record is the stream `id` of stream type
 * `rules.type`; loading folds its facts with the domain's `evolveRecord`; appending writes the facts and
 * their integration events (`{ changes, record }`, the record after each fact) in one transaction at
 * the version loaded, so `UNIQUE(stream_id, version)` refuses a concurrent append (see `isStreamConflict`).
 */
@Injectable()
export class PgRecordStore implements RecordStore {
  constructor(@Inject(DB) readonly db: Kysely<CommerceDatabase>) {}

  /** The stream of a record of this type, or null. */
  async stream(type: AnyRecordType, id: string, db: Db = this.db): Promise<RecordStream | null> {
    const rows = await db
      .withSchema(SCHEMA)
      .selectFrom('events')
      .select(['type', 'data', 'occurred_at', 'actor_id'])
      .where('stream_id', '=', id)
      .where('stream_type', '=', type.rules.type)
      .orderBy('version')
      .execute();
    if (rows.length === 0) return null;
    const first = rows[0].data as unknown as StoredRecordFact;
    if (!first.scope) throw new Error(`record stream ${id} does not start with its scope`);
    return {
      id,
      scope: first.scope,
      facts: rows.map((r) => ({ type: r.type, changes: (r.data as unknown as StoredRecordFact).changes, at: new Date(r.occurred_at), by: r.actor_id ?? '' })),
    };
  }

  /** The current state (deleted ones too: callers decide), or null. */
  async load<F extends object>(type: AnyRecordType, id: string): Promise<RecordState<F> | null> {
    const stream = await this.stream(type, id);
    return stream ? fold<F>(stream) : null;
  }

  /**
   * Appends facts after `current` (null: a new record with `scope`) in one transaction with their outbox
   * rows (and the create's idempotency claim in `meta`); `alsoInTransaction` lets a type write more in the
   * same transaction (a uniqueness claim). Answers the state after and the event ids. A lost race fails
   * with the events table's unique violation.
   */
  async append<F extends object>(
    type: AnyRecordType,
    target: { id: string; current: RecordState<F> | null; scope: RecordScope },
    facts: RecordFact[],
    meta: EventMeta,
    alsoInTransaction?: (trx: Transaction<CommerceDatabase>) => Promise<void>,
  ): Promise<{ state: RecordState<F>; eventIds: string[] }> {
    return this.db.transaction().execute(async (trx) => {
      await alsoInTransaction?.(trx);
      return this.appendIn<F>(trx, type, target, facts, meta);
    });
  }

  /** The same append inside the caller's transaction (a second record written with the first, e.g. a quote's order). */
  async appendIn<F extends object>(
    trx: Transaction<CommerceDatabase>,
    type: AnyRecordType,
    target: { id: string; current: RecordState<F> | null; scope: RecordScope },
    facts: RecordFact[],
    meta: EventMeta,
  ): Promise<{ state: RecordState<F>; eventIds: string[] }> {
    let state = target.current;
    const newFacts: NewFact[] = facts.map((fact) => {
      state = evolveRecord(state, fact, { id: target.id, ...target.scope });
      const stored: StoredRecordFact = factKind(fact) === 'created' ? { changes: fact.changes, scope: target.scope } : { changes: fact.changes };
      return {
        fact: { type: fact.type, data: stored, occurredAt: fact.at },
        integration: {
          type: integrationEventOf(type, fact),
          aggregateType: type.rules.type,
          aggregateId: target.id,
          data: { changes: presentChanges(type, fact.changes), record: type.present(state) },
        },
      };
    });
    const eventIds = await appendToStream(trx, { type: type.rules.type, id: target.id, expectedVersion: target.current?.version ?? 0 }, newFacts, meta);
    return { state: state!, eventIds };
  }
}
