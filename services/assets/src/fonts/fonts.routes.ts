import { FontAssetsRpc } from '@kiln/contracts';
import { rpcRoute } from '@kiln/service-kit';
import { DescribeFontQuery } from './queries/describe-font/describe-font.query';

/** Fonts (ADR 0055): the workspace asks what a font file of the caller's says of itself before it becomes a font. */
export const fontsRoutes = [
  rpcRoute({
    rpc: FontAssetsRpc.describeFont,
    kind: 'query',
    handle: ({ actor, body }, context) => context.queries.execute(new DescribeFontQuery(actor.userId, body.mediaId)),
  }),
];
