import { EnvironmentMap, WorkspaceRpc } from '@kiln/contracts';
import { answerAfterProjection, AreaRoutes, RpcContext, rpcRoute } from '@kiln/service-kit';
import { PgEnvironmentMapReadModel } from './adapters/pg-environment-map.read-model';
import { PgEnvironmentMapRepository } from './adapters/pg-environment-map.repository';
import { CreateEnvironmentMapCommand, EnvironmentMapChange } from './commands/create-environment-map/create-environment-map.command';
import { CreateEnvironmentMapHandler } from './commands/create-environment-map/create-environment-map.handler';
import { DeleteEnvironmentMapCommand } from './commands/delete-environment-map/delete-environment-map.command';
import { DeleteEnvironmentMapHandler } from './commands/delete-environment-map/delete-environment-map.handler';
import { RejectEnvironmentMapCommand } from './commands/reject-environment-map/reject-environment-map.command';
import { RejectEnvironmentMapHandler } from './commands/reject-environment-map/reject-environment-map.handler';
import { UpdateEnvironmentMapCommand } from './commands/update-environment-map/update-environment-map.command';
import { UpdateEnvironmentMapHandler } from './commands/update-environment-map/update-environment-map.handler';
import { ENVIRONMENT_MAP_REPOSITORY } from './ports/environment-map.repository.port';
import { ProjectEnvironmentMapsOnEnvironmentMapEvents } from './projections/project-environment-maps-on-environment-map-events';
import { EnvironmentMapTagsHandler } from './queries/environment-map-tags/environment-map-tags.handler';
import { EnvironmentMapTagsQuery } from './queries/environment-map-tags/environment-map-tags.query';
import { GetEnvironmentMapHandler } from './queries/get-environment-map/get-environment-map.handler';
import { GetEnvironmentMapQuery } from './queries/get-environment-map/get-environment-map.query';
import { ListEnvironmentMapsHandler } from './queries/list-environment-maps/list-environment-maps.handler';
import { ListEnvironmentMapsQuery } from './queries/list-environment-maps/list-environment-maps.query';
import { communityItemRoutes } from '../community-items/community-item-routes';

/** A command answers with the state it committed, once its events are projected. */
const answerScene = (context: RpcContext, actorId: string, change: EnvironmentMapChange): Promise<EnvironmentMap> =>
  answerAfterProjection(
    context,
    [ProjectEnvironmentMapsOnEnvironmentMapEvents, change.eventIds],
    async () => (await context.get(PgEnvironmentMapReadModel).present(actorId, [change.environmentMap]))[0]!,
  );

/** Scenes (environment maps; spec 001 §2–§7; ADR 0061): create, list, get, edit, delete, a moderator's rejection, tags. */
export const environmentMapsRoutes: AreaRoutes = {
  providers: [
    PgEnvironmentMapRepository,
    { provide: ENVIRONMENT_MAP_REPOSITORY, useExisting: PgEnvironmentMapRepository },
    PgEnvironmentMapReadModel,
    CreateEnvironmentMapHandler,
    UpdateEnvironmentMapHandler,
    DeleteEnvironmentMapHandler,
    RejectEnvironmentMapHandler,
    ListEnvironmentMapsHandler,
    GetEnvironmentMapHandler,
    EnvironmentMapTagsHandler,
  ],
  routes: [
    ...communityItemRoutes(
      {
        create: WorkspaceRpc.createEnvironmentMap,
        get: WorkspaceRpc.getEnvironmentMap,
        tags: WorkspaceRpc.environmentMapTags,
        update: WorkspaceRpc.updateEnvironmentMap,
        delete: WorkspaceRpc.deleteEnvironmentMap,
        reject: WorkspaceRpc.rejectEnvironmentMap,
      },
      {
        answer: answerScene,
        create: (actorId, body) => new CreateEnvironmentMapCommand(actorId, body),
        get: (actorId, id) => new GetEnvironmentMapQuery(actorId, id),
        tags: (actorId, body) => new EnvironmentMapTagsQuery(actorId, body),
        update: (actorId, id, changes) => new UpdateEnvironmentMapCommand(actorId, id, changes),
        delete: (actorId, id) => new DeleteEnvironmentMapCommand(actorId, id),
        reject: (actorId, id, reason) => new RejectEnvironmentMapCommand(actorId, id, reason),
      },
    ),
    rpcRoute({
      rpc: WorkspaceRpc.listEnvironmentMaps,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListEnvironmentMapsQuery(actor.userId, body)),
    }),
  ],
  projections: [ProjectEnvironmentMapsOnEnvironmentMapEvents],
};
