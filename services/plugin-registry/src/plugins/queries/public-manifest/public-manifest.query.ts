import { Query } from '@nestjs/cqrs';
import { RpcReply } from '../../rpc-types';

/** The public read API (no caller): a published version's manifest. */
export class PublicManifestQuery extends Query<RpcReply<'publicManifest'>> {
  constructor(
    readonly packageId: string,
    readonly version: string,
  ) {
    super();
  }
}
