import { Query } from '@nestjs/cqrs';
import { RpcReply } from '../../rpc-types';

/** One deployed file for the raw route (ADR 0047): a public plugin's published version, or the author's own private one. */
export class PluginFileQuery extends Query<RpcReply<'pluginFile'>> {
  constructor(
    readonly actorId: string,
    readonly packageId: string,
    readonly version: string,
    readonly path: string,
    /** The hash the caller holds (If-None-Match): when it is the file's, the bytes are not sent. */
    readonly knownSha256?: string,
  ) {
    super();
  }
}
