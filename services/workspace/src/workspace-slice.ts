import { Provider } from '@nestjs/common';
import { Projection, RpcRoute } from '@kiln/service-kit';

/**
 * One area of the workspace service (teams, sharing, notifications, …): its Nest providers (handlers,
 * repositories, read models), its NATS routes and its projections. The module and the RPC controller
 * gather the slices, so an area grows in its own folder.
 */
export interface WorkspaceSlice {
  providers: Provider[];
  routes: RpcRoute[];
  /** Run after the core projections (users, models), in this order, on a rebuild too. */
  projections: Projection[];
}
