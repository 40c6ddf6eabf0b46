import { AssetItem, WorkspaceRpc } from '@kiln/contracts';
import { answerAfterProjection, AreaRoutes, RpcContext, rpcRoute } from '@kiln/service-kit';
import { NatsAssetMedia } from './adapters/nats-asset-media';
import { PgAssetItemReadModel } from './adapters/pg-asset-item.read-model';
import { PgAssetItemRepository } from './adapters/pg-asset-item.repository';
import { AssetItemChange, CreateAssetItemCommand } from './commands/create-asset-item/create-asset-item.command';
import { CreateAssetItemHandler } from './commands/create-asset-item/create-asset-item.handler';
import { DeleteAssetItemCommand } from './commands/delete-asset-item/delete-asset-item.command';
import { DeleteAssetItemHandler } from './commands/delete-asset-item/delete-asset-item.handler';
import { RenameAssetItemCommand } from './commands/rename-asset-item/rename-asset-item.command';
import { RenameAssetItemHandler } from './commands/rename-asset-item/rename-asset-item.handler';
import { ASSET_ITEM_REPOSITORY } from './ports/asset-item.repository.port';
import { ASSET_MEDIA } from './ports/asset-media.port';
import { ProjectAssetItemsOnAssetItemEvents } from './projections/project-asset-items-on-asset-item-events';
import { FollowMediaPreviewsOnMediaEvents } from './reactions/follow-media-previews-on-media-events';
import { GetAssetItemHandler } from './queries/get-asset-item/get-asset-item.handler';
import { GetAssetItemQuery } from './queries/get-asset-item/get-asset-item.query';
import { ListAssetItemsHandler } from './queries/list-asset-items/list-asset-items.handler';
import { ListAssetItemsQuery } from './queries/list-asset-items/list-asset-items.query';
import { ReadableMediaHandler } from './queries/readable-media/readable-media.handler';
import { ReadableMediaQuery } from './queries/readable-media/readable-media.query';

/** A command answers with the state it committed, once its events are projected (a list fetched next shows it). */
const answerItem = (context: RpcContext, actorId: string, change: AssetItemChange): Promise<AssetItem> =>
  answerAfterProjection(context, [ProjectAssetItemsOnAssetItemEvents, change.eventIds], () => context.get(PgAssetItemReadModel).present(actorId, change.item), {
    viewsFree: true,
  });

/** Images, vector graphics, 3D objects (spec 001 §3, §5, §7; ADR 0052): add an upload, list, get, rename, delete; previews follow the media. */
export const assetItemsRoutes: AreaRoutes = {
  providers: [
    PgAssetItemRepository,
    { provide: ASSET_ITEM_REPOSITORY, useExisting: PgAssetItemRepository },
    NatsAssetMedia,
    { provide: ASSET_MEDIA, useExisting: NatsAssetMedia },
    PgAssetItemReadModel,
    CreateAssetItemHandler,
    RenameAssetItemHandler,
    DeleteAssetItemHandler,
    ListAssetItemsHandler,
    GetAssetItemHandler,
    ReadableMediaHandler,
  ],
  routes: [
    rpcRoute({
      rpc: WorkspaceRpc.createAssetItem,
      kind: 'command',
      handle: async ({ actor, body: { kind, ...body } }, context) =>
        answerItem(context, actor.userId, await context.commands.execute(new CreateAssetItemCommand(actor.userId, kind, body))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.listAssetItems,
      kind: 'query',
      handle: ({ actor, body: { kind, ...params } }, context) => context.queries.execute(new ListAssetItemsQuery(actor.userId, kind, params)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.getAssetItem,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new GetAssetItemQuery(actor.userId, body.kind, body.id)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.readableMedia,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ReadableMediaQuery(actor.userId, body.ids)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.renameAssetItem,
      kind: 'command',
      handle: async ({ actor, body }, context) =>
        answerItem(context, actor.userId, await context.commands.execute(new RenameAssetItemCommand(actor.userId, body.kind, body.id, body.changes.name))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.deleteAssetItem,
      kind: 'command',
      // The answer is the item's last state, as it was when it went away.
      handle: async ({ actor, body }, context) =>
        answerItem(context, actor.userId, await context.commands.execute(new DeleteAssetItemCommand(actor.userId, body.kind, body.id))),
    }),
  ],
  projections: [ProjectAssetItemsOnAssetItemEvents, FollowMediaPreviewsOnMediaEvents],
};
