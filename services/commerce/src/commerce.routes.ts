import { AreaRoutes } from '@kiln/service-kit';
import { businessRecordsRoutes } from './business-records/business-records.routes';
import { catalogRoutes } from './catalog/catalog.routes';
import { materialsRoutes } from './materials/materials.routes';
import { ordersRoutes } from './orders/orders.routes';
import { productsRoutes } from './products/products.routes';
import { servicesRoutes } from './services/services.routes';
import { storeOrdersRoutes } from './store-orders/store-orders.routes';
import { teamAccessRoutes } from './team-access/team-access.routes';

/**
 * Every area of commerce, in the order their projections run and rebuild (team roles before the records
 * they guard). The module takes its providers and the RPC controller its routes from here: an area is one line.
 */
export const commerceAreas: AreaRoutes[] = [
  productsRoutes,
  teamAccessRoutes,
  businessRecordsRoutes,
  materialsRoutes,
  servicesRoutes,
  catalogRoutes,
  ordersRoutes,
  storeOrdersRoutes,
];

/** Every request commerce answers on NATS: subject → use case. */
export const commerceRoutes = commerceAreas.flatMap((area) => area.routes);
export const commerceProviders = commerceAreas.flatMap((area) => area.providers);
/** Projections of the commerce context, in the order a rebuild runs them. */
export const commerceProjections = commerceAreas.flatMap((area) => area.projections);
