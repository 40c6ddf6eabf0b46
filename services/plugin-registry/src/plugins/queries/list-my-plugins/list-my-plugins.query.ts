import { Query } from '@nestjs/cqrs';
import { RpcBody, RpcReply } from '../../rpc-types';

export class ListMyPluginsQuery extends Query<RpcReply<'listMyPlugins'>> {
  constructor(
    readonly actorId: string,
    readonly params: RpcBody<'listMyPlugins'>,
  ) {
    super();
  }
}
