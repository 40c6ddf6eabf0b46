import { AssetsRpc } from '@kiln/contracts';
import { rpcRoute } from '@kiln/service-kit';
import { RegisterMediaCommand } from './commands/register-media/register-media.command';
import { GetMediaQuery } from './queries/get-media/get-media.query';
import { GetMediaRecordsQuery } from './queries/get-media-records/get-media-records.query';

/**
 * Media (ADR 0033). `register`: the BFF streamed a file to `media/<id>.upload` for the caller; it is checked
 * in the assets service, where the rules live, then moved to `media/<id>` and recorded as the caller's.
 * `get`: the caller's own record; anyone else's is 404, so a media id reveals nothing (the plugin registry
 * asks it before attaching a zip).
 */
export const mediaRoutes = [
  rpcRoute({
    rpc: AssetsRpc.registerMedia,
    kind: 'command',
    handle: ({ actor, body }, context) => context.commands.execute(new RegisterMediaCommand(actor.userId, body)),
  }),
  rpcRoute({ rpc: AssetsRpc.getMedia, kind: 'query', handle: ({ actor, body }, context) => context.queries.execute(new GetMediaQuery(actor.userId, body.id)) }),
  rpcRoute({
    rpc: AssetsRpc.getMediaRecords,
    kind: 'query',
    handle: ({ actor, body }, context) => context.queries.execute(new GetMediaRecordsQuery(actor.userId, body.ids, body.readable)),
  }),
];
