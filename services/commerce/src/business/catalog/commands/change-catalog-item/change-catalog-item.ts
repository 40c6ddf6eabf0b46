import { CatalogItem, MaterialClassId, Service, UpdateCatalogItemBody } from '@kiln/contracts';
import { CatalogFields, decideUpdate, RecipeRefs } from '@kiln/domain';
import { SelectQueryBuilder } from 'kysely';
import { SCHEMA } from '../../../../database.types';
import { RecordDeps } from '../../../records/business-records.deps';
import { changeRecord } from '../../../records/commands/change-record/change-record';
import { RecordChange } from '../../../records/commands/create-record/create-record';
import { ScopeOf } from '../../../team-access/ports/business-access.port';
import { catalogRecordType } from '../../catalog.record-type';

/**
 * The materials and services a recipe names, as the item's scope holds them (ADR 0027): live ones of the
 * same owner (a personal item) or the same team, team-wide or of the item's project. Anything else — gone,
 * someone else's, another team's — is absent, and the domain says "no longer exists" for it.
 */
export async function recipeRefs(deps: RecordDeps, scope: ScopeOf & { projectId: string | null }, materialIds: string[], serviceIds: string[]): Promise<RecipeRefs> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const inScope = (q: SelectQueryBuilder<any, any, object>) => {
    if (!scope.teamId) return q.where('team_id', 'is', null).where('owner_id', '=', scope.ownerId);
    const team = q.where('team_id', '=', scope.teamId);
    return scope.projectId ? team.where((eb) => eb.or([eb('project_id', 'is', null), eb('project_id', '=', scope.projectId)])) : team.where('project_id', 'is', null);
  };
  const live = (table: 'business_material_view' | 'business_service_view', ids: string[]) => inScope(deps.db.withSchema(SCHEMA).selectFrom(table).where('id', 'in', ids).where('deleted_at', 'is', null));
  const [materials, services] = await Promise.all([
    materialIds.length ? (live('business_material_view', materialIds).select(['id', 'material_class']).execute() as Promise<{ id: string; material_class: string }[]>) : [],
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

/**
 * PATCH /api/workspace/business-catalog/{id}: rename (at least 3 characters), reprice, or a new recipe
 * (its materials and services must exist in the item's scope). With If-Match, 412 when it changed since.
 */
export async function changeCatalogItem(deps: RecordDeps, actorId: string, id: string, changes: UpdateCatalogItemBody, ifMatch?: number): Promise<RecordChange<CatalogItem>> {
  let refs: RecipeRefs | undefined;
  if (changes.recipe) {
    // The scope never changes after creation: read it once for the references.
    const state = await deps.store.load<CatalogFields>(catalogRecordType, id);
    if (state && !state.deleted) refs = await recipeRefs(deps, state, changes.recipe.materials.map((l) => l.materialId), changes.recipe.services.map((l) => l.serviceId));
  }
  return changeRecord(deps, catalogRecordType, actorId, id, (state, at) => decideUpdate(catalogRecordType.rules, state, { changes, refs }, actorId, at, ifMatch), { ifMatch });
}
