import { BusinessRpc } from '@kiln/contracts';
import { rpcRoute } from '@kiln/service-kit';
import { AreaRoutes } from '@kiln/service-kit';
import { recordRoutes } from '../business-records/business-records.routes';
import { PgMaterialReadModel } from './adapters/pg-material-read-model';
import { materialType } from './material-type';
import { MATERIAL_READ_MODEL } from './ports/material-read-model.port';
import { ProjectMaterialsOnMaterialEvents } from './projections/project-materials-on-material-events';
import { MaterialTreeHandler } from './queries/material-tree/material-tree.handler';
import { MaterialTreeQuery } from './queries/material-tree/material-tree.query';

/** The materials inventory (spec 002 §7; ADR 0029): the generic record use cases, and the material tree. */
export const materialsRoutes: AreaRoutes = {
  providers: [{ provide: MATERIAL_READ_MODEL, useClass: PgMaterialReadModel }, MaterialTreeHandler],
  projections: [ProjectMaterialsOnMaterialEvents],
  routes: [
    ...recordRoutes(materialType, ProjectMaterialsOnMaterialEvents, {
      list: BusinessRpc.listMaterials,
      get: BusinessRpc.getMaterial,
      history: BusinessRpc.materialHistory,
      tags: BusinessRpc.materialTags,
      create: BusinessRpc.createMaterial,
      update: BusinessRpc.updateMaterial,
      remove: BusinessRpc.deleteMaterial,
      restore: BusinessRpc.restoreMaterial,
    }),
    rpcRoute({
      rpc: BusinessRpc.materialTree,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new MaterialTreeQuery(actor.userId, body.where)),
    }),
  ],
};
