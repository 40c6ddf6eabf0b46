import { Provider } from '@nestjs/common';
import { Projection } from '../projections/projection-runner';
import { RpcRoute } from './rpc-table';

/**
 * One area of a service (models, teams, catalog, materials, …), all in its `<area>/<area>.routes.ts`: its
 * NATS routes (one rpcRoute per use case), the Nest providers they use (the use cases' handlers, the area's
 * adapters) and its projections. The service's `<service>.routes.ts` gathers its areas, so a new use case in
 * an existing area touches its routes file only: its route, and its handler in `providers`.
 */
export interface AreaRoutes {
  providers: Provider[];
  routes: RpcRoute[];
  /** Run in the order of the areas in the service's routes file, then this order, on a rebuild too. */
  projections: Projection[];
}
