import { Kysely, sql } from 'kysely';
import { SCHEMA } from '../database.types';

/** The sort keys of the lists, over the copied model columns (the name sorts case-blind, like My Models). */
const SORTS = { updated_at: sql`model_updated_at`, created_at: sql`model_created_at`, name: sql`lower(model_name)` };

/** What a list shows: a live share or favorite, of a live model. */
const SHOWN = sql`deleted_at IS NULL AND model_deleted_at IS NULL`;

/**
 * "Shared with me" and "Favorites" cost what a My Models page costs (ADR 0014, section "Shared lists"):
 * - `model_share_view` and `favorite_view` carry a copy of the model columns the lists sort, search and
 *   (favorites) check access on, with the model version they were copied at: written by the share and
 *   favorite projections from `models`, and by `ProjectSharedListsOnModelEvents` on every model event;
 *   `favorite_view.shared_with_user` says the model is shared with the favorite's person (from `model_shares`);
 * - one partial index per sort, `(user_id, <sort key>, id) WHERE <shown>`, so a page is an index scan
 *   of its own rows (the name index includes `model_name` for `contains`);
 * - `model_share_counts` / `favorite_counts`, the shown rows per user, kept by statement triggers in the
 *   same transaction as every write (live applies, batches, rebuilds, the bench's seeding), like `model_counts`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const table = (name: string) => sql.id(SCHEMA, name);
  const copied = (t: string) => sql`ALTER TABLE ${table(t)}
    ADD COLUMN model_name text, ADD COLUMN model_created_at timestamptz, ADD COLUMN model_updated_at timestamptz,
    ADD COLUMN model_version integer, ADD COLUMN model_deleted_at timestamptz`;
  await copied('model_share_view').execute(db);
  await copied('favorite_view').execute(db);
  // Favorites also check the caller's access (ADR 0020): the model columns that decide it.
  await sql`ALTER TABLE ${table('favorite_view')}
    ADD COLUMN model_author_id char(24), ADD COLUMN model_team_id char(24), ADD COLUMN model_shared_with_everyone text,
    ADD COLUMN shared_with_user boolean NOT NULL DEFAULT false`.execute(db);
  await sql`UPDATE ${table('favorite_view')} f SET shared_with_user = true
    WHERE EXISTS (SELECT 1 FROM ${table('model_shares')} s WHERE s.model_id = f.model_id AND s.user_id = f.user_id)`.execute(db);

  for (const t of ['model_share_view', 'favorite_view']) {
    const extra =
      t === 'favorite_view' ? sql`, model_author_id = m.author_id, model_team_id = m.team_id, model_shared_with_everyone = m.shared_with_everyone` : sql``;
    await sql`UPDATE ${table(t)} v SET model_name = m.name, model_created_at = m.created_at, model_updated_at = m.updated_at, model_version = m.version ${extra}
      FROM ${table('models')} m WHERE m.id = v.model_id`.execute(db);
    await sql`UPDATE ${table(t)} v SET model_deleted_at = now() WHERE NOT EXISTS (SELECT 1 FROM ${table('models')} m WHERE m.id = v.model_id)`.execute(db);
    const prefix = t === 'model_share_view' ? 'model_share_view_mine' : 'favorite_view_mine';
    for (const [name, key] of Object.entries({ ...SORTS, listed_at: sql`created_at` })) {
      const include = name === 'name' ? sql`INCLUDE (model_name)` : sql``;
      await sql`CREATE INDEX ${sql.id(`${prefix}_by_${name}`)} ON ${table(t)} (user_id, ${key}, id) ${include} WHERE ${SHOWN}`.execute(db);
    }
  }
  // Replaced by the `*_mine_by_listed_at` indexes, which also leave out rows of deleted models.
  await sql`DROP INDEX IF EXISTS ${sql.id(SCHEMA, 'model_share_view_user')}`.execute(db);
  await sql`DROP INDEX IF EXISTS ${sql.id(SCHEMA, 'favorite_view_user_created')}`.execute(db);
  // The model consumer updates a model's rows by model id (model_share_view_model exists since 0005).
  await sql`CREATE INDEX favorite_view_model ON ${table('favorite_view')} (model_id) WHERE deleted_at IS NULL`.execute(db);
  // The favorites that may be hidden: others' models, not shared with the user, whose link is private (the
  // rest are always seen); only their team decides.
  await sql`CREATE INDEX favorite_view_mine_maybe_hidden ON ${table('favorite_view')} (user_id) INCLUDE (model_team_id)
    WHERE ${SHOWN} AND model_shared_with_everyone = 'private' AND model_author_id <> user_id AND NOT shared_with_user`.execute(db);

  for (const [view, counts] of [
    ['model_share_view', 'model_share_counts'],
    ['favorite_view', 'favorite_counts'],
  ] as const) {
    await sql`CREATE TABLE ${table(counts)} (user_id char(24) PRIMARY KEY, live bigint NOT NULL)`.execute(db);
    await sql`INSERT INTO ${table(counts)} (user_id, live)
      SELECT user_id, count(*) FROM ${table(view)} WHERE ${SHOWN} AND user_id IS NOT NULL GROUP BY user_id`.execute(db);
    // As 0004: one function per kind of statement, summed per user, in key order (no deadlocks).
    const delta = (rows: ReturnType<typeof sql>) => sql`
      INSERT INTO ${table(counts)} AS c (user_id, live)
      SELECT user_id, sum(d) FROM (${rows}) AS changes
      GROUP BY user_id HAVING sum(d) <> 0 ORDER BY user_id
      ON CONFLICT (user_id) DO UPDATE SET live = c.live + excluded.live`;
    const added = sql`SELECT user_id, 1 AS d FROM new_rows WHERE ${SHOWN} AND user_id IS NOT NULL`;
    const removed = sql`SELECT user_id, -1 AS d FROM old_rows WHERE ${SHOWN} AND user_id IS NOT NULL`;
    const triggers = [
      { event: sql`INSERT`, referencing: sql`NEW TABLE AS new_rows`, rows: added, name: 'insert' },
      { event: sql`UPDATE`, referencing: sql`OLD TABLE AS old_rows NEW TABLE AS new_rows`, rows: sql`${added} UNION ALL ${removed}`, name: 'update' },
      { event: sql`DELETE`, referencing: sql`OLD TABLE AS old_rows`, rows: removed, name: 'delete' },
    ];
    for (const t of triggers) {
      const fn = sql.id(SCHEMA, `${counts}_on_${t.name}`);
      await sql`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${delta(t.rows)}; RETURN NULL; END $$`.execute(db);
      await sql`CREATE TRIGGER ${sql.id(`${counts}_on_${t.name}`)} AFTER ${t.event} ON ${table(view)}
        REFERENCING ${t.referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(db);
    }
    const truncated = sql.id(SCHEMA, `${counts}_on_truncate`);
    await sql`CREATE FUNCTION ${truncated}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM ${table(counts)}; RETURN NULL; END $$`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`${counts}_on_truncate`)} AFTER TRUNCATE ON ${table(view)} FOR EACH STATEMENT EXECUTE FUNCTION ${truncated}()`.execute(
      db,
    );
  }
}
