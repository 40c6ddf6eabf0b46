import { Query } from '@nestjs/cqrs';
import { RpcBody, RpcReply } from '../../rpc-types';

/** The public read API (no caller): public plugins with a published version. */
export class PublicPluginsQuery extends Query<RpcReply<'publicPlugins'>> {
  constructor(readonly params: RpcBody<'publicPlugins'>) {
    super();
  }
}
