import { AddCatalogItemBody, CatalogItem, CatalogModel, MODEL_ID_WRONG, MODEL_VIEW_DENIED } from '@kiln/contracts';
import { catalogCreateErrors, DomainError, throwIfInvalid } from '@kiln/domain';
import { IdempotencyClaim } from '@kiln/service-kit';
import { sql, Transaction } from 'kysely';
import { CommerceDatabase, SCHEMA } from '../../../../database.types';
import { RecordDeps } from '../../../records/business-records.deps';
import { createRecord } from '../../../records/commands/create-record/create-record';
import { RecordScope } from '../../../records/adapters/pg-record-store';
import { catalogRecordType } from '../../catalog.record-type';
import { CatalogModels } from '../../ports/catalog-models.port';

export interface AddedItem {
  record: CatalogItem;
  /** Events written (none when the model was already in that catalog). */
  eventIds: string[];
}

/** Thrown inside the append's transaction when the scope's catalog already has a live item of the model. */
class AlreadyInCatalog extends Error {
  constructor(readonly itemId: string) {
    super('already in the catalog');
  }
}

/**
 * The live catalog item of `modelId` in one scope (personal: the owner's; a team's: its project's or the
 * team-wide one), read from the event store itself (never a lagging read model): its creation names the
 * model and the scope, and no deletion followed.
 */
export async function liveItemOfModel(db: Transaction<CommerceDatabase> | RecordDeps['db'], scope: RecordScope, modelId: string): Promise<string | null> {
  const { rows } = await sql<{ stream_id: string }>`
    SELECT e.stream_id FROM ${sql.id(SCHEMA, 'events')} e
    WHERE e.stream_type = ${catalogRecordType.rules.type} AND e.version = 1
      AND e.data->'changes'->'modelId'->>'to' = ${modelId}
      AND (e.data->'scope'->>'teamId') IS NOT DISTINCT FROM ${scope.teamId}::text
      AND (e.data->'scope'->>'projectId') IS NOT DISTINCT FROM ${scope.projectId}::text
      AND (${scope.teamId}::text IS NOT NULL OR e.data->'scope'->>'ownerId' = ${scope.ownerId})
      AND NOT EXISTS (SELECT 1 FROM ${sql.id(SCHEMA, 'events')} d WHERE d.stream_id = e.stream_id AND d.type = ${`${catalogRecordType.rules.type}.deleted`})
    LIMIT 1`.execute(db);
  return rows[0]?.stream_id ?? null;
}

/** The caller's copy of each model (and when it last changed), or the spec's error: missing/deleted 404, not viewable 403 (spec 002 §5). */
export async function viewableModels(models: CatalogModels, actorId: string, ids: string[]): Promise<Map<string, { model: CatalogModel; updatedAt: string }>> {
  const found = new Map<string, { model: CatalogModel; updatedAt: string }>();
  for (const source of await models.lookUp(actorId, ids)) {
    if (source.status === 'missing') throw new DomainError('not-found', MODEL_ID_WRONG, [{ path: 'modelId', message: MODEL_ID_WRONG }]);
    if (source.status === 'forbidden') throw new DomainError('forbidden', MODEL_VIEW_DENIED, [{ path: 'modelId', message: MODEL_VIEW_DENIED }]);
    found.set(source.id, { model: source.model, updatedAt: source.updatedAt });
  }
  return found;
}

/**
 * Adds models to catalogs (POST and create-multiple; ADR 0027). Everything is checked before anything is
 * written — each model exists and the caller may view it, each scope is one the caller may change, each
 * body passes the domain's rules — so a refused request adds nothing. Then each item is its own stream;
 * a model already in that scope's catalog is not added twice: its live item is answered instead. A
 * per-(scope, model) advisory lock makes that check and the append one step, so two parallel adds of one
 * model make one item, and a repeated request (a retry, the same Idempotency-Key) adds nothing more.
 */
export async function addToCatalog(deps: RecordDeps, models: CatalogModels, actorId: string, bodies: AddCatalogItemBody[], idempotency?: Omit<IdempotencyClaim, 'resourceId'>): Promise<AddedItem[]> {
  const copies = await viewableModels(models, actorId, [...new Set(bodies.map((b) => b.modelId.toLowerCase()))]);
  const scopes = await Promise.all(bodies.map((b) => deps.access.scopeForCreate(actorId, { teamId: b.teamId, projectId: b.projectId })));
  bodies.forEach((body) => throwIfInvalid(catalogCreateErrors({ body, model: copies.get(body.modelId.toLowerCase())?.model ?? null })));

  const added: AddedItem[] = [];
  for (const [i, body] of bodies.entries()) {
    const modelId = body.modelId.toLowerCase();
    const scope = scopes[i];
    try {
      const change = await createRecord(deps, catalogRecordType, actorId, { teamId: body.teamId, projectId: body.projectId, body, model: copies.get(modelId)!.model }, {
        // Only a single add carries the key: a list's repeat is answered by the skip below.
        ...(idempotency && bodies.length === 1 ? { idempotency } : {}),
        alsoInTransaction: async (trx) => {
          await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`catalog:${scope.teamId ?? `user:${scope.ownerId}`}:${scope.projectId ?? ''}:${modelId}`}, 0))`.execute(trx);
          const existing = await liveItemOfModel(trx, scope, modelId);
          if (existing) throw new AlreadyInCatalog(existing);
        },
      });
      added.push(change);
    } catch (error) {
      if (!(error instanceof AlreadyInCatalog)) throw error;
      const state = await deps.store.load<Parameters<typeof catalogRecordType.present>[0]['fields']>(catalogRecordType, error.itemId);
      added.push({ record: catalogRecordType.present(state!), eventIds: [] });
    }
  }
  return added;
}
