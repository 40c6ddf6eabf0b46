import { BusinessRpc } from '@kiln/contracts';
import { rpcRoute } from '@kiln/service-kit';
import { recordRoutes } from '../business-records/business-records.routes';
import { ProjectServicesOnServiceEvents } from './projections/project-services-on-service-events';
import { GetServiceQuery } from './queries/get-service/get-service.query';
import { ListServicesQuery } from './queries/list-services/list-services.query';
import { serviceType } from './service-type';

/** The services page's NATS routes (spec 002 §7; ADR 0029): list and get name each option's materials. */
export const serviceRoutes = [
  ...recordRoutes(serviceType, ProjectServicesOnServiceEvents, {
    history: BusinessRpc.serviceHistory,
    tags: BusinessRpc.serviceTags,
    create: BusinessRpc.createService,
    update: BusinessRpc.updateService,
    remove: BusinessRpc.deleteService,
  }),
  rpcRoute({ rpc: BusinessRpc.listServices, kind: 'query', handle: ({ actor, body }, context) => context.queries.execute(new ListServicesQuery(actor.userId, body)) }),
  rpcRoute({ rpc: BusinessRpc.getService, kind: 'query', handle: ({ actor, body }, context) => context.queries.execute(new GetServiceQuery(actor.userId, body.id, body.version)) }),
];
