import { NatsCatalogModels } from './adapters/nats-catalog-models';
import { catalogRoutes } from './catalog.routes';
import { ProjectCatalogOnCatalogEvents } from './catalog.record-type';
import { CATALOG_MODELS } from './ports/catalog-models.port';
import { FollowModelsOnModelEvents } from './reactions/follow-models-on-model-events';

/**
 * The catalog (spec 002 §2–§5, §7; ADR 0027): catalog items as business records, the add-by-model-ID
 * lookup, and the reaction keeping items' model copies fresh from the workspace's model events. The
 * commerce module gathers its providers, routes and projections.
 */
export const catalogSlice = {
  providers: [{ provide: CATALOG_MODELS, useClass: NatsCatalogModels }],
  routes: catalogRoutes,
  projections: [ProjectCatalogOnCatalogEvents, FollowModelsOnModelEvents],
};
