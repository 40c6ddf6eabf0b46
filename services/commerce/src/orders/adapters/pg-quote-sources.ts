import { Inject, Injectable } from '@nestjs/common';
import { CatalogItem, Material, Service } from '@kiln/contracts';
import { MaterialFields, PricingRefs, ServiceFields, toCents } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely, SelectQueryBuilder } from 'kysely';
import { RecordScope } from '../../business-records/ports/record-store.port';
import { CommerceDatabase, SCHEMA } from '../../database.types';
import { QuoteSources } from '../ports/quote-sources.port';

/** A material as read back into the domain's fields (money in cents). */
function materialFields(m: Material): MaterialFields {
  return {
    name: m.name,
    internalName: m.internalName,
    materialClass: m.materialClass,
    partNumber: m.partNumber,
    manufacturer: m.manufacturer,
    tags: m.tags,
    params: m.params,
    price: { strategy: m.price.strategy, unit: m.price.unit, cents: toCents(m.price.price) },
    quantityInStock: m.quantityInStock,
    scrapPercentage: m.scrapPercentage,
    timeToReplenish: m.timeToReplenish,
    appearance: [],
  };
}

function serviceFields(s: Service): ServiceFields {
  return {
    name: s.name,
    displayName: s.displayName,
    serviceClass: s.serviceClass,
    code: s.code,
    serviceProvider: s.serviceProvider,
    tags: s.tags,
    generalPrice: { cents: toCents(s.generalPrice.value), unit: s.generalPrice.unit },
    prices: s.prices.map((p) => ({ id: p.id, label: p.label, price: { cents: toCents(p.price.value), unit: p.price.unit }, material: p.material })),
  };
}

/** Catalog items, materials and services from their read models (what the seller sees today). */
@Injectable()
export class PgQuoteSources implements QuoteSources {
  constructor(@Inject(DB) private readonly db: Kysely<CommerceDatabase>) {}

  async catalogItem(id: string): Promise<{ item: CatalogItem; scope: RecordScope } | null> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('business_catalog_view')
      .select(['record', 'owner_id', 'team_id', 'project_id'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row ? { item: row.record as CatalogItem, scope: { ownerId: row.owner_id, teamId: row.team_id, projectId: row.project_id } } : null;
  }

  async pricingRefs(scope: RecordScope, materialIds: string[], serviceIds: string[]): Promise<PricingRefs> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const inScope = (q: SelectQueryBuilder<any, any, object>) => {
      if (!scope.teamId) return q.where('team_id', 'is', null).where('owner_id', '=', scope.ownerId);
      const team = q.where('team_id', '=', scope.teamId);
      // As the recipe was checked (ADR 0027): team-wide records, and the project's when the item has one.
      return scope.projectId
        ? team.where((eb) => eb.or([eb('project_id', 'is', null), eb('project_id', '=', scope.projectId)]))
        : team.where('project_id', 'is', null);
    };
    const live = (table: 'business_material_view' | 'business_service_view', ids: string[]) =>
      inScope(this.db.withSchema(SCHEMA).selectFrom(table).where('id', 'in', ids).where('deleted_at', 'is', null))
        .select(['id', 'record'])
        .execute() as Promise<{ id: string; record: unknown }[]>;
    const [materials, services] = await Promise.all([
      materialIds.length ? live('business_material_view', [...new Set(materialIds)]) : [],
      serviceIds.length ? live('business_service_view', [...new Set(serviceIds)]) : [],
    ]);
    return {
      materials: new Map(materials.map((m) => [m.id, materialFields(m.record as Material)])),
      services: new Map(services.map((s) => [s.id, serviceFields(s.record as Service)])),
    };
  }
}
