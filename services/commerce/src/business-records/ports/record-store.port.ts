import { RecordFact, RecordState, replayRecord } from '@kiln/domain';
import { EventMeta } from '@kiln/service-kit';
import type { Transaction } from 'kysely';
import type { CommerceDatabase } from '../../database.types';
import { AnyRecordType } from '../record-type';

/** Who a record belongs to; fixed at creation (kept in the created fact). */
export interface RecordScope {
  ownerId: string;
  teamId: string | null;
  projectId: string | null;
}

/** A record's stream: its facts in order and its scope (null when no such record of this type). */
export interface RecordStream {
  id: string;
  scope: RecordScope;
  facts: RecordFact[];
}

/** The transaction an append runs in, for a type's own writes beside it (an adapter's, e.g. a uniqueness claim). */
export type RecordTransaction = Transaction<CommerceDatabase>;

/** Business records in the commerce event store (ADR 0029): a record is a stream of facts. */
export interface RecordStore {
  /** The stream of a record of this type, or null. */
  stream(type: AnyRecordType, id: string): Promise<RecordStream | null>;
  /** The current state (deleted ones too: callers decide), or null. */
  load<F extends object>(type: AnyRecordType, id: string): Promise<RecordState<F> | null>;
  /**
   * Appends facts after `target.current` (null: a new record with `scope`) with their integration events,
   * in one transaction (and `alsoInTransaction`'s writes). A lost race fails (see isStreamConflict).
   */
  append<F extends object>(
    type: AnyRecordType,
    target: { id: string; current: RecordState<F> | null; scope: RecordScope },
    facts: RecordFact[],
    meta: EventMeta,
    alsoInTransaction?: (trx: RecordTransaction) => Promise<void>,
  ): Promise<{ state: RecordState<F>; eventIds: string[] }>;
  /** The same append inside the caller's transaction (from an `alsoInTransaction`: two records written as one). */
  appendIn<F extends object>(
    trx: RecordTransaction,
    type: AnyRecordType,
    target: { id: string; current: RecordState<F> | null; scope: RecordScope },
    facts: RecordFact[],
    meta: EventMeta,
  ): Promise<{ state: RecordState<F>; eventIds: string[] }>;
}

export const RECORD_STORE = Symbol('RecordStore');

/** The state after the first `upTo` facts (all when absent). */
export function fold<F extends object>(stream: RecordStream, upTo = stream.facts.length): RecordState<F> | null {
  return replayRecord<F>(stream.facts, { id: stream.id, ...stream.scope }, upTo);
}
