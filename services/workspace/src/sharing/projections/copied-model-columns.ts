import { ModelSnapshot } from '@kiln/contracts';
import { executeNamed, Projection, projectionLockKey } from '@kiln/service-kit';
import { ExpressionBuilder, Kysely, sql, Transaction } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

/**
 * `model_share_view` and `favorite_view` carry a copy of the model columns their lists sort, search and
 * check access on (migration 0009, ADR 0014 "Shared lists"). Three writers keep them:
 * - the share and favorite projections copy them from `models` when they write a row;
 * - `ProjectSharedListsOnModelEvents` copies each model event's snapshot, never over a newer copy;
 * - the rebuilds copy them from `models`.
 * `favorite_view.shared_with_user` (the model is shared with the favorite's person) is written likewise by
 * the favorite projection and, on every share event, by the share projection, both from `model_shares`.
 * A projection could read `models` just before a model change commits while the model event's consumer
 * cannot yet see the row it is inserting: both take a per-model advisory lock, so whichever comes second
 * sees the other's work. The model consumer also takes both projections' locks shared (see `applyOnce`),
 * so it waits for a rebuild to commit instead of updating rows the rebuild is about to replace.
 */
export type CopiedViews = 'model_share_view' | 'favorite_view';

const modelLockKeys = (modelIds: Iterable<string>) => [...new Set(modelIds)].sort().map((id) => `${SCHEMA}.copied-model.${id}`);

/**
 * Lock order is key order, so two transactions never wait for each other in a circle. One statement
 * takes them all: a scan of `unnest` runs in array order, so the locks are taken in the order given.
 */
export async function lockModels(trx: Kysely<WorkspaceDatabase> | Transaction<WorkspaceDatabase>, modelIds: Iterable<string>): Promise<void> {
  await sql`SELECT count(pg_advisory_xact_lock(hashtext(k))::text) FROM unnest(${modelLockKeys(modelIds)}::text[]) AS k`.execute(trx);
}

/**
 * For the model consumer: the projections' locks shared, then the models' locks, in ONE statement (the
 * parts of a UNION ALL run one after the other), then a fresh statement sees what their holders committed.
 */
export async function lockProjectionsSharedAndModels(
  trx: Transaction<WorkspaceDatabase>,
  projections: Projection[],
  modelIds: Iterable<string>,
): Promise<void> {
  const shared = projections.map((p) => projectionLockKey(SCHEMA, p.name)).sort();
  await sql`SELECT count(*) FROM (
      SELECT pg_advisory_xact_lock_shared(hashtext(k))::text FROM unnest(${shared}::text[]) AS k
      UNION ALL
      SELECT pg_advisory_xact_lock(hashtext(k))::text FROM unnest(${modelLockKeys(modelIds)}::text[]) AS k) AS locks`.execute(trx);
}

/**
 * The models among these that have a live share or favorite row: the model event's consumer skips the
 * others without a transaction (most models are neither shared nor starred). Each model's lock is taken
 * first, in a statement of its own (released when it ends): a projection writing a row with a copy it read
 * before the model changed holds that lock until it commits, so the look-up that follows, with a fresh
 * snapshot, sees its row.
 */
export async function modelsWithCopies(db: Kysely<WorkspaceDatabase>, modelIds: string[]): Promise<Set<string>> {
  if (modelIds.length === 0) return new Set();
  await lockModels(db, modelIds);
  // A named statement: run for every model event, planned once per connection.
  const rows = await executeNamed<{ model_id: string }>(
    db,
    sql`
    SELECT model_id FROM ${sql.id(SCHEMA, 'model_share_view')} WHERE model_id = ANY(${modelIds}::char(24)[]) AND deleted_at IS NULL
    UNION SELECT model_id FROM ${sql.id(SCHEMA, 'favorite_view')} WHERE model_id = ANY(${modelIds}::char(24)[]) AND deleted_at IS NULL`.compile(db),
  );
  return new Set(rows.map((row) => row.model_id));
}

/** The model columns of a share row (`favorite` adds the access columns), from the model's state; a model gone from the state is deleted. */
export async function copiedFromState(
  trx: Transaction<WorkspaceDatabase>,
  modelId: string,
  favorite: boolean,
  deletedAt: Date,
): Promise<Record<string, unknown>> {
  await lockModels(trx, [modelId]);
  const m = await (trx as Transaction<WorkspaceDatabase>).withSchema(SCHEMA).selectFrom('models').selectAll().where('id', '=', modelId).executeTakeFirst();
  const columns: Record<string, unknown> = {
    model_name: m?.name ?? null,
    model_created_at: m?.created_at ?? null,
    model_updated_at: m?.updated_at ?? null,
    model_version: m?.version ?? null,
    model_deleted_at: m ? null : deletedAt,
  };
  if (favorite)
    Object.assign(columns, {
      model_author_id: m?.author_id ?? null,
      model_team_id: m?.team_id ?? null,
      model_shared_with_everyone: m?.shared_with_everyone ?? null,
    });
  return columns;
}

/** Whether the model is shared with the person (`favorite_view.shared_with_user`), from `model_shares`; call under `lockModels`. */
export async function sharedWithUser(trx: Transaction<WorkspaceDatabase>, modelId: string, userId: string): Promise<boolean> {
  const share = await (trx as Transaction<WorkspaceDatabase>)
    .withSchema(SCHEMA)
    .selectFrom('model_shares')
    .select('id')
    .where('model_id', '=', modelId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !!share;
}

/** After share events: the favorites of those people on those models say again whether the model is shared with them. */
export async function refreshSharedWithUser(trx: Transaction<WorkspaceDatabase>, pairs: { modelId: string; userId: string | null }[]): Promise<void> {
  const shares = sql.id(SCHEMA, 'model_shares');
  for (const key of new Set(pairs.flatMap((p) => (p.userId ? [`${p.modelId}:${p.userId}`] : [])))) {
    const [modelId, userId] = key.split(':');
    await sql`UPDATE ${sql.id(SCHEMA, 'favorite_view')} f
      SET shared_with_user = EXISTS (SELECT 1 FROM ${shares} s WHERE s.model_id = f.model_id AND s.user_id = f.user_id)
      WHERE f.model_id = ${modelId} AND f.user_id = ${userId} AND f.deleted_at IS NULL`.execute(trx);
  }
}

/** After a rebuild wrote the rows from their state table: their model columns from `models`. */
export async function copyAllFromState(trx: Transaction<WorkspaceDatabase>, view: CopiedViews): Promise<void> {
  const table = sql.id(SCHEMA, view);
  const access =
    view === 'favorite_view'
      ? sql`, model_author_id = m.author_id, model_team_id = m.team_id, model_shared_with_everyone = m.shared_with_everyone,
          shared_with_user = EXISTS (SELECT 1 FROM ${sql.id(SCHEMA, 'model_shares')} s WHERE s.model_id = v.model_id AND s.user_id = v.user_id)`
      : sql``;
  await sql`UPDATE ${table} v SET model_name = m.name, model_created_at = m.created_at, model_updated_at = m.updated_at, model_version = m.version,
      model_deleted_at = NULL ${access}
    FROM ${sql.id(SCHEMA, 'models')} m WHERE m.id = v.model_id AND v.deleted_at IS NULL`.execute(trx);
  await sql`UPDATE ${table} v SET model_deleted_at = now()
    WHERE v.deleted_at IS NULL AND v.model_deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM ${sql.id(SCHEMA, 'models')} m WHERE m.id = v.model_id)`.execute(
    trx,
  );
}

/**
 * A model event's snapshot into the rows of its live shares and favorites, unless they hold a newer copy.
 * A deletion carries the last state's version, so it applies over an equal version.
 */
export async function copyFromSnapshot(trx: Transaction<WorkspaceDatabase>, model: ModelSnapshot, deletedAt: Date | null): Promise<void> {
  const db = trx.withSchema(SCHEMA);
  const copied = {
    model_name: model.name,
    model_created_at: new Date(model.createdAt),
    model_updated_at: new Date(model.updatedAt),
    model_version: model.version,
    model_deleted_at: deletedAt,
  };
  const older = (eb: ExpressionBuilder<WorkspaceDatabase, CopiedViews>) =>
    eb.or([eb('model_version', 'is', null), eb('model_version', deletedAt ? '<=' : '<', model.version)]);
  // Both views in one statement (one round trip per model event; most models have neither row).
  await db
    .with('shares', (w) =>
      w.updateTable('model_share_view').set(copied).where('model_id', '=', model.id).where('deleted_at', 'is', null).where(older).returning('model_id'),
    )
    .updateTable('favorite_view')
    .set({ ...copied, model_author_id: model.authorId, model_team_id: model.teamId, model_shared_with_everyone: model.sharedWithEveryone })
    .where('model_id', '=', model.id)
    .where('deleted_at', 'is', null)
    .where(older)
    .execute();
}
