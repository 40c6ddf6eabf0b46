import { BusinessRpc } from '@kiln/contracts';
import { rpcRoute } from '@kiln/service-kit';
import { AreaRoutes } from '@kiln/service-kit';
import { recordRoutes } from '../business-records/business-records.routes';
import { ProjectServicesOnServiceEvents } from './projections/project-services-on-service-events';
import { GetServiceHandler } from './queries/get-service/get-service.handler';
import { GetServiceQuery } from './queries/get-service/get-service.query';
import { ListServicesHandler } from './queries/list-services/list-services.handler';
import { ListServicesQuery } from './queries/list-services/list-services.query';
import { serviceType } from './service-type';

/** The services page (spec 002 §7; ADR 0029): the generic record use cases; list and get name each option's materials. */
export const servicesRoutes: AreaRoutes = {
  providers: [ListServicesHandler, GetServiceHandler],
  projections: [ProjectServicesOnServiceEvents],
  routes: [
    ...recordRoutes(serviceType, ProjectServicesOnServiceEvents, {
      history: BusinessRpc.serviceHistory,
      tags: BusinessRpc.serviceTags,
      create: BusinessRpc.createService,
      update: BusinessRpc.updateService,
      remove: BusinessRpc.deleteService,
      restore: BusinessRpc.restoreService,
    }),
    rpcRoute({
      rpc: BusinessRpc.listServices,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListServicesQuery(actor.userId, body)),
    }),
    rpcRoute({
      rpc: BusinessRpc.getService,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new GetServiceQuery(actor.userId, body.id, body.version)),
    }),
  ],
};
