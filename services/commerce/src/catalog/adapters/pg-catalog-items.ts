import { Inject, Injectable } from '@nestjs/common';
import { MaterialClassId, Service } from '@kiln/contracts';
import { RecipeRefs } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely, SelectQueryBuilder, sql, Transaction } from 'kysely';
import { RecordScope } from '../../business-records/ports/record-store.port';
import { CommerceDatabase, SCHEMA } from '../../database.types';
import { catalogItemType } from '../catalog-item-type';
import { CatalogItems } from '../ports/catalog-items.port';

@Injectable()
export class PgCatalogItems implements CatalogItems {
  constructor(@Inject(DB) private readonly db: Kysely<CommerceDatabase>) {}

  liveItemOfModel(scope: RecordScope, modelId: string): Promise<string | null> {
    return liveItemOfModel(this.db, scope, modelId);
  }

  async lockLiveItemOfModel(trx: Transaction<CommerceDatabase>, scope: RecordScope, modelId: string): Promise<string | null> {
    const key = `catalog:${scope.teamId ?? `user:${scope.ownerId}`}:${scope.projectId ?? ''}:${modelId}`;
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    return liveItemOfModel(trx, scope, modelId);
  }

  async recipeRefs(scope: RecordScope, materialIds: string[], serviceIds: string[]): Promise<RecipeRefs> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const inScope = (q: SelectQueryBuilder<any, any, object>) => {
      if (!scope.teamId) return q.where('team_id', 'is', null).where('owner_id', '=', scope.ownerId);
      const team = q.where('team_id', '=', scope.teamId);
      return scope.projectId
        ? team.where((eb) => eb.or([eb('project_id', 'is', null), eb('project_id', '=', scope.projectId)]))
        : team.where('project_id', 'is', null);
    };
    const live = (table: 'business_material_view' | 'business_service_view', ids: string[]) =>
      inScope(this.db.withSchema(SCHEMA).selectFrom(table).where('id', 'in', ids).where('deleted_at', 'is', null));
    const [materials, services] = await Promise.all([
      materialIds.length
        ? (live('business_material_view', materialIds).select(['id', 'material_class']).execute() as Promise<{ id: string; material_class: string }[]>)
        : [],
      serviceIds.length ? (live('business_service_view', serviceIds).select(['id', 'record']).execute() as Promise<{ id: string; record: unknown }[]>) : [],
    ]);
    return {
      materials: new Map(materials.map((m) => [m.id, { materialClass: m.material_class as MaterialClassId }])),
      services: new Map(
        services.map((s) => {
          const record = s.record as Pick<Service, 'serviceClass' | 'prices'>;
          return [s.id, { serviceClass: record.serviceClass, optionIds: record.prices.map((p) => p.id) }];
        }),
      ),
    };
  }
}

/** Its creation names the model and the scope, and no deletion followed. */
async function liveItemOfModel(db: Kysely<CommerceDatabase> | Transaction<CommerceDatabase>, scope: RecordScope, modelId: string): Promise<string | null> {
  const { rows } = await sql<{ stream_id: string }>`
    SELECT e.stream_id FROM ${sql.id(SCHEMA, 'events')} e
    WHERE e.stream_type = ${catalogItemType.rules.type} AND e.version = 1
      AND e.data->'changes'->'modelId'->>'to' = ${modelId}
      AND (e.data->'scope'->>'teamId') IS NOT DISTINCT FROM ${scope.teamId}::text
      AND (e.data->'scope'->>'projectId') IS NOT DISTINCT FROM ${scope.projectId}::text
      AND (${scope.teamId}::text IS NOT NULL OR e.data->'scope'->>'ownerId' = ${scope.ownerId})
      -- Live: no removal, or its last removal undone (ADR 0049).
      AND NOT EXISTS (
        SELECT 1 FROM ${sql.id(SCHEMA, 'events')} d WHERE d.stream_id = e.stream_id AND d.type = ${`${catalogItemType.rules.type}.deleted`}
          AND NOT EXISTS (
            SELECT 1 FROM ${sql.id(SCHEMA, 'events')} r
            WHERE r.stream_id = e.stream_id AND r.type = ${`${catalogItemType.rules.type}.restored`} AND r.version > d.version
          )
      )
    LIMIT 1`.execute(db);
  return rows[0]?.stream_id ?? null;
}
