import { createHash } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { Pool } from 'pg';
import { AnyDb } from './any-schema';

const names = new Map<string, string>();

/** The statement's name: the same text gets the same name on every connection and in every instance. */
function nameOf(sqlText: string): string {
  let name = names.get(sqlText);
  if (!name) {
    name = `kiln_${createHash('sha1').update(sqlText).digest('hex').slice(0, 20)}`;
    if (names.size < 1000) names.set(sqlText, name);
  }
  return name;
}

/**
 * Runs a compiled statement as a named (prepared) statement of whichever pooled connection it lands on.
 * Postgres then parses it once per connection and, after five executions, keeps one generic plan when
 * that plan costs no more than the custom ones (`plan_cache_mode = auto`): planning was most of a list
 * page's time in Postgres (0.3–0.45 ms against 0.15 ms to run it, ADR 0037).
 *
 * Only for statements whose generic plan is as good as a custom one: the page size a literal (a `LIMIT $n`
 * is planned as 10 % of the rows), no pattern match whose plan depends on the pattern, and an explicit
 * column list, never `*` (a prepared statement whose result columns change — another instance's migration
 * adding one — fails with "cached plan must not change result type").
 */
async function executePrepared<R>(pool: Pool, compiled: CompiledQuery): Promise<R[]> {
  const { rows } = await pool.query({ name: nameOf(compiled.sql), text: compiled.sql, values: compiled.parameters as unknown[] });
  return rows as R[];
}

/** The pool under each database made by `createDatabase`, so a statement can go named through it. */
const pools = new WeakMap<AnyDb, Pool>();

/** Tells `executeNamed` which pool is under `db` (done by `createDatabase`; tests may give a recording pool). */
export function registerPool(db: AnyDb, pool: Pool): void {
  pools.set(db, pool);
}

/**
 * `executePrepared` on the pool under `db` when there is one (a database made by `createDatabase`, or one
 * given to `registerPool`); inside a transaction, or on a database made otherwise, the statement runs as
 * usual. For statements whose generic plan is their custom one (by primary key or by an index, the rows
 * coming from parameters, the page size a literal) and whose result columns are named.
 */
export async function executeNamed<R>(db: AnyDb, compiled: CompiledQuery): Promise<R[]> {
  const pool = pools.get(db);
  if (!pool) return (await db.executeQuery<R>(compiled)).rows;
  return executePrepared<R>(pool, compiled);
}
