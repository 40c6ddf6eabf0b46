import { BusinessRpc, Material } from '@kiln/contracts';
import { answerAfterProjection, AreaRoutes, idempotencyClaim, rpcRoute, runIdempotent } from '@kiln/service-kit';
import { committedRecord, recordRoutes } from '../business-records/business-records.routes';
import { SCHEMA } from '../database.types';
import { NatsMaterialTextures } from './adapters/nats-material-textures';
import { PgMaterialReadModel } from './adapters/pg-material-read-model';
import { CreateMaterialCommand } from './commands/create-material/create-material.command';
import { CreateMaterialHandler } from './commands/create-material/create-material.handler';
import { UpdateMaterialCommand } from './commands/update-material/update-material.command';
import { UpdateMaterialHandler } from './commands/update-material/update-material.handler';
import { materialType } from './material-type';
import { MATERIAL_READ_MODEL } from './ports/material-read-model.port';
import { MATERIAL_TEXTURES } from './ports/material-textures.port';
import { ProjectMaterialsOnMaterialEvents } from './projections/project-materials-on-material-events';
import { MaterialTreeHandler } from './queries/material-tree/material-tree.handler';
import { MaterialTreeQuery } from './queries/material-tree/material-tree.query';

/**
 * The materials inventory (spec 002 §7; ADR 0029): the generic record use cases, create and update with their
 * textures checked first (ADR 0064), and the material tree.
 */
export const materialsRoutes: AreaRoutes = {
  providers: [
    { provide: MATERIAL_READ_MODEL, useClass: PgMaterialReadModel },
    { provide: MATERIAL_TEXTURES, useClass: NatsMaterialTextures },
    MaterialTreeHandler,
    CreateMaterialHandler,
    UpdateMaterialHandler,
  ],
  projections: [ProjectMaterialsOnMaterialEvents],
  routes: [
    ...recordRoutes(materialType, ProjectMaterialsOnMaterialEvents, {
      list: BusinessRpc.listMaterials,
      get: BusinessRpc.getMaterial,
      history: BusinessRpc.materialHistory,
      tags: BusinessRpc.materialTags,
      remove: BusinessRpc.deleteMaterial,
      restore: BusinessRpc.restoreMaterial,
    }),
    rpcRoute({
      rpc: BusinessRpc.createMaterial,
      kind: 'command',
      handle: ({ actor, body, idempotencyKey }, context) => {
        const claim = idempotencyClaim(BusinessRpc.createMaterial, { actor, body, idempotencyKey });
        return runIdempotent(
          context.runtime.db,
          SCHEMA,
          claim,
          async () => {
            const change = await context.commands.execute(new CreateMaterialCommand(actor.userId, body, { idempotency: claim ?? undefined }));
            return answerAfterProjection(context, [ProjectMaterialsOnMaterialEvents, change.eventIds], () => change.record);
          },
          // The material a repeated create (same Idempotency-Key) made, from its events.
          async (id) => (await committedRecord(context, materialType, id)) as Material,
        );
      },
    }),
    rpcRoute({
      rpc: BusinessRpc.updateMaterial,
      kind: 'command',
      handle: async ({ actor, body }, context) => {
        const change = await context.commands.execute(new UpdateMaterialCommand(actor.userId, body.id, body.changes, body.ifMatch));
        return answerAfterProjection(context, [ProjectMaterialsOnMaterialEvents, change.eventIds], () => change.record);
      },
    }),
    rpcRoute({
      rpc: BusinessRpc.materialTree,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new MaterialTreeQuery(actor.userId, body.where)),
    }),
  ],
};
