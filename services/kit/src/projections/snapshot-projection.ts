import { AnyEventEnvelope } from '@kiln/contracts';
import { sql } from 'kysely';
import { Projection } from './projection-runner';
import { AnyTrx } from '../db/any-schema';

type Row = Record<string, unknown>;

export interface SnapshotProjectionSpec<StateRow extends Row = Row> {
  name: string;
  stream: string;
  subject: string;
  /** The service's schema, which holds both the read model and its source state table. */
  schema: string;
  /** The read model table. */
  table: string;
  /** Its primary key column. */
  key: string;
  /**
   * The column that orders snapshots of one entity (`version`): an older snapshot never overwrites a
   * newer one. Leave it out only when `toRow` reads the current state, so any apply writes the latest.
   */
  version?: string;
  /** The column set on deletions (`deleted_at`): deleted entities stay as tombstones, so nothing older brings them back. */
  tombstone?: string;
  /** The read-model row an event leads to; null when there is nothing to show (the entity was erased). */
  toRow(event: AnyEventEnvelope, trx: AnyTrx): Row | null | Promise<Row | null>;
  /** Whether the event deletes the entity (kept as a tombstone when `tombstone` is set, else removed). */
  isDeletion?(event: AnyEventEnvelope): boolean;
  /** Where a rebuild reads the write-side state from, and how a state row becomes a read-model row. */
  source: { table: string; toRow(state: StateRow): Row };
  /**
   * `toRow` reads nothing but the event (no database, never null, never a promise) and deletions keep
   * tombstones: then a batch is applied as one self-committing statement (`Projection.applyStatement`).
   */
  rowsFromEvents?: boolean;
}

const REBUILD_BATCH = 1000;

/**
 * The default way to write a projection of entity snapshots: each event upserts the entity's row
 * `ON CONFLICT (key) DO UPDATE ... WHERE table.version < excluded.version`, so out-of-order or repeated
 * delivery can never regress it, and deletions stay as tombstones. A rebuild deletes the live rows
 * (keeping tombstones) and upserts every row of the source state table with the same guard.
 */
export function snapshotProjection<StateRow extends Row = Row>(spec: SnapshotProjectionSpec<StateRow>): Projection {
  const { schema, table, key, version, tombstone } = spec;

  async function upsert(trx: AnyTrx, rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0]);
    await trx
      .withSchema(schema)
      .insertInto(table)
      .values(rows)
      .onConflict((oc) => {
        const update = oc.column(key).doUpdateSet(Object.fromEntries(columns.filter((c) => c !== key).map((c) => [c, sql.ref(`excluded.${c}`)])));
        return version ? update.where(sql.ref(`${table}.${version}`), '<', sql.ref(`excluded.${version}`)) : update;
      })
      .execute();
  }

  /** What one event does to the read model: upsert a row, or (deletion without tombstones, erased entity) remove one. */
  async function effect(trx: AnyTrx, event: AnyEventEnvelope): Promise<{ upsert: Row } | { remove: unknown; upTo?: unknown }> {
    const row = await spec.toRow(event, trx);
    const deletion = spec.isDeletion?.(event) ?? false;
    if (deletion && !tombstone) return { remove: row?.[key] ?? event.aggregateId, upTo: version && row ? row[version] : undefined };
    // Erased from the state meanwhile: the read model must not keep or regain it.
    if (!row) return { remove: event.aggregateId };
    return { upsert: tombstone ? { ...row, [tombstone]: deletion ? new Date(event.occurredAt) : null } : row };
  }

  async function remove(trx: AnyTrx, id: unknown, upTo: unknown): Promise<void> {
    let query = trx.withSchema(schema).deleteFrom(table).where(key, '=', id);
    if (upTo !== undefined) query = query.where(version!, '<=', upTo);
    await query.execute();
  }

  /**
   * The batch as one upsert from JSON rows (one JSON array as the parameter: a `jsonb[]` parameter has
   * every element escaped again as an array literal, a sixth of a replay's CPU, profiled): per entity the
   * row applying them in order would leave (the
   * highest version, the first of equal ones; without versions the last), of the events in `fresh` only.
   */
  function applyStatement(events: AnyEventEnvelope[]) {
    if (!spec.rowsFromEvents || !tombstone) return null;
    const rows = events.map((event) => {
      const row = spec.toRow(event, undefined as never) as Row;
      return { ...row, [tombstone]: spec.isDeletion?.(event) ? new Date(event.occurredAt) : null };
    });
    const columns = Object.keys(rows[0]);
    const list = sql.join(columns.map((c) => sql.id(c)));
    const picked = sql.join(columns.map((c) => sql.ref(`r.${c}`)));
    const order = version ? sql`r.${sql.id(version)} DESC, e.n` : sql`e.n DESC`;
    const updates = sql.join(columns.filter((c) => c !== key).map((c) => sql`${sql.id(c)} = excluded.${sql.id(c)}`));
    const guard = version ? sql`WHERE ${sql.id(table)}.${sql.id(version)} < excluded.${sql.id(version)}` : sql``;
    return sql`
      INSERT INTO ${sql.id(schema, table)} (${list})
      SELECT DISTINCT ON (r.${sql.id(key)}) ${picked}
      FROM jsonb_array_elements(${JSON.stringify(rows.map((row, i) => ({ event_id: events[i].eventId, row })))}::jsonb) WITH ORDINALITY AS e(item, n)
        CROSS JOIN LATERAL jsonb_populate_record(NULL::${sql.id(schema, table)}, e.item -> 'row') AS r
      WHERE e.item ->> 'event_id' IN (SELECT event_id FROM fresh)
      ORDER BY r.${sql.id(key)}, ${order}
      ON CONFLICT (${sql.id(key)}) DO UPDATE SET ${updates} ${guard}`;
  }

  return {
    name: spec.name,
    stream: spec.stream,
    subject: spec.subject,
    applyStatement,
    async apply(trx, event) {
      const change = await effect(trx, event);
      if ('upsert' in change) await upsert(trx, [change.upsert]);
      else await remove(trx, change.remove, change.upTo);
    },
    /**
     * Consecutive upserts become one multi-row upsert holding, per entity, what applying them in order
     * would leave: the highest version (the first of equal ones, as the guard is strict), or without
     * versions the last. A removal first writes what came before it, so order across it is kept.
     */
    async applyBatch(trx, events) {
      const pending = new Map<unknown, Row>();
      const flush = async () => {
        await upsert(trx, [...pending.values()]);
        pending.clear();
      };
      for (const event of events) {
        const change = await effect(trx, event);
        if (!('upsert' in change)) {
          await flush();
          await remove(trx, change.remove, change.upTo);
          continue;
        }
        const id = change.upsert[key];
        const held = pending.get(id);
        if (!held || !version || Number(held[version]) < Number(change.upsert[version])) pending.set(id, change.upsert);
      }
      await flush();
    },
    async rebuild(trx) {
      let live = trx.withSchema(schema).deleteFrom(table);
      if (tombstone) live = live.where(tombstone, 'is', null);
      await live.execute();
      let written = 0;
      let after: unknown = null;
      for (;;) {
        let page = trx.withSchema(schema).selectFrom(spec.source.table).selectAll().orderBy(key).limit(REBUILD_BATCH);
        if (after !== null) page = page.where(key, '>', after);
        const states = (await page.execute()) as StateRow[];
        if (states.length === 0) return written;
        await upsert(
          trx,
          states.map((state) => {
            const row = spec.source.toRow(state);
            return tombstone ? { ...row, [tombstone]: null } : row;
          }),
        );
        written += states.length;
        after = states[states.length - 1][key];
      }
    },
  };
}
