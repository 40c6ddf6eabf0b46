import { Query } from '@nestjs/cqrs';
import { RpcBody, RpcReply } from '../../rpc-types';

export class ListVersionsQuery extends Query<RpcReply<'listVersions'>> {
  constructor(
    readonly actorId: string,
    readonly params: RpcBody<'listVersions'>,
  ) {
    super();
  }
}
