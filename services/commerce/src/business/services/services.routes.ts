import { BusinessRpc, Service } from '@kiln/contracts';
import { rpcRoute } from '@kiln/service-kit';
import { getRecord, listRecords, RecordDeps, recordRoutes } from '../records';
import { ProjectServicesOnServiceEvents } from './projections/project-services-on-service-events';
import { withMaterials } from './queries/populate-materials/populate-materials';
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
  rpcRoute({
    rpc: BusinessRpc.listServices,
    kind: 'query',
    handle: async ({ actor, body }, context) => {
      const deps = context.get(RecordDeps);
      const page = await listRecords<Service>(deps, serviceType, actor.userId, body);
      return { ...page, data: await withMaterials(deps, page.data) };
    },
  }),
  rpcRoute({
    rpc: BusinessRpc.getService,
    kind: 'query',
    handle: async ({ actor, body }, context) => {
      const deps = context.get(RecordDeps);
      const [service] = await withMaterials(deps, [await getRecord(deps, serviceType, actor.userId, body.id, body.version)]);
      return service;
    },
  }),
];
