import { Provider } from '@nestjs/common';
import { Projection, RpcRoute } from '@kiln/service-kit';

/**
 * One area of the commerce service (products, materials, catalog, …), all in its `<area>/<area>.routes.ts`:
 * its NATS routes (one rpcRoute per use case), the Nest providers they use (the use cases' handlers, the
 * area's adapters) and its projections. `commerce.routes.ts` gathers the areas, so a new use case in an
 * existing area touches its routes file only: its route, and its handler in `providers`.
 * (The same shape as the workspace's area-routes.ts: a service may not import another.)
 */
export interface AreaRoutes {
  providers: Provider[];
  routes: RpcRoute[];
  /** Run in the order of the areas in commerce.routes.ts, then this order, on a rebuild too. */
  projections: Projection[];
}
