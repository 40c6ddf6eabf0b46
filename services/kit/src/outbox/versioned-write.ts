import { COMMON_MESSAGES } from '@kiln/contracts';
import { DomainError, DomainEvent } from '@kiln/domain';
import { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { AnyDb } from '../db/any-schema';
import { appendToOutbox, EventMeta, writeWithOutbox } from './outbox';

/**
 * One aggregate's row, written by the version it was loaded at (optimistic concurrency): inserted when
 * `loadedVersion` is 0, otherwise updated (or, when `deleted`, deleted) only where the row still has that
 * version. No row changed means someone changed the aggregate meanwhile: a 409 `changedMeanwhile`.
 */
export interface VersionedWrite<DB, T extends keyof DB & string> {
  table: T;
  /** The row as inserted, and as updated unless `set` says otherwise; its `id` finds it. */
  row: Insertable<DB[T]> & { id: string };
  /** The update's columns, when they are not the whole row. */
  set?: Updateable<DB[T]>;
  loadedVersion: number;
  deleted: boolean;
  /** The column the guard compares (`version` by default). */
  versionColumn?: keyof DB[T] & string;
  /**
   * A unique key an insert may meet (a column or a constraint): the insert then writes nothing and the 409
   * says `message` (`changedMeanwhile` by default).
   */
  unique?: ({ column: keyof DB[T] & string } | { constraint: string }) & { message?: string };
}

/** The INSERT, UPDATE or DELETE of a versioned write, RETURNING the id of the row it changed. */
function change<DB, T extends keyof DB & string>(db: Kysely<DB>, schema: string, w: VersionedWrite<DB, T>) {
  // Typed for the caller; written against any schema (the kit knows no service's tables).
  const t = (db as unknown as AnyDb).withSchema(schema);
  const table: string = w.table;
  const row: Record<string, unknown> = w.row;
  const column: string = w.versionColumn ?? 'version';
  if (w.deleted) return t.deleteFrom(table).where('id', '=', w.row.id).where(column, '=', w.loadedVersion).returning('id');
  if (w.loadedVersion !== 0)
    return t
      .updateTable(table)
      .set((w.set ?? row) as Record<string, unknown>)
      .where('id', '=', w.row.id)
      .where(column, '=', w.loadedVersion)
      .returning('id');
  const unique = w.unique;
  const insert = t.insertInto(table).values(row);
  if (!unique) return insert.returning('id');
  return insert.onConflict((oc) => ('column' in unique ? oc.column(unique.column) : oc.constraint(unique.constraint)).doNothing()).returning('id');
}

function conflict<DB, T extends keyof DB & string>(w: VersionedWrite<DB, T>): DomainError {
  const inserting = !w.deleted && w.loadedVersion === 0;
  return new DomainError('conflict', (inserting && w.unique?.message) || COMMON_MESSAGES.changedMeanwhile);
}

/** The versioned write inside the caller's transaction (which also writes the events); throws the 409 when no row changed. */
export async function writeVersioned<DB, T extends keyof DB & string>(trx: Transaction<DB>, schema: string, w: VersionedWrite<DB, T>): Promise<void> {
  if (!(await change(trx, schema, w).executeTakeFirst())) throw conflict(w);
}

/**
 * The versioned write and its events, committed together; answers the event ids. An insert or update is
 * one statement (`writeWithOutbox`); a deletion is a transaction, in which `onDelete` may do more after the
 * guarded DELETE (it runs with the row already locked, and may still throw to undo it).
 */
export async function saveVersioned<DB, T extends keyof DB & string>(
  db: Kysely<DB>,
  schema: string,
  w: VersionedWrite<DB, T>,
  events: DomainEvent[],
  meta: EventMeta,
  onDelete?: (trx: Transaction<DB>) => Promise<void>,
): Promise<string[]> {
  if (w.deleted) {
    return db.transaction().execute(async (trx) => {
      await writeVersioned(trx, schema, w);
      await onDelete?.(trx);
      return (await appendToOutbox(trx, schema, events, meta)).map((e) => e.eventId);
    });
  }
  const { changed, envelopes } = await writeWithOutbox(db as unknown as AnyDb, schema, change(db, schema, w), events, meta);
  if (changed !== 1) throw conflict(w);
  return envelopes.map((e) => e.eventId);
}
