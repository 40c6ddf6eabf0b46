import { BusinessRpc } from '@kiln/contracts';
import { rpcRoute } from '@kiln/service-kit';
import { recordRoutes } from '../business-records/business-records.routes';
import { materialType } from './material-type';
import { ProjectMaterialsOnMaterialEvents } from './projections/project-materials-on-material-events';
import { MaterialTreeQuery } from './queries/material-tree/material-tree.query';

/** The materials inventory's NATS routes (spec 002 §7; ADR 0029). */
export const materialRoutes = [
  ...recordRoutes(materialType, ProjectMaterialsOnMaterialEvents, {
    list: BusinessRpc.listMaterials,
    get: BusinessRpc.getMaterial,
    history: BusinessRpc.materialHistory,
    tags: BusinessRpc.materialTags,
    create: BusinessRpc.createMaterial,
    update: BusinessRpc.updateMaterial,
    remove: BusinessRpc.deleteMaterial,
  }),
  rpcRoute({ rpc: BusinessRpc.materialTree, kind: 'query', handle: ({ actor, body }, context) => context.queries.execute(new MaterialTreeQuery(actor.userId, body.where)) }),
];
