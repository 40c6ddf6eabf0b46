import { Query } from '@nestjs/cqrs';
import { RpcBody, RpcReply } from '../../rpc-types';

export class ListActionsQuery extends Query<RpcReply<'listActions'>> {
  constructor(
    readonly actorId: string,
    readonly params: RpcBody<'listActions'>,
  ) {
    super();
  }
}
