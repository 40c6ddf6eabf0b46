import { Query } from '@nestjs/cqrs';
import { RpcBody, RpcReply } from '../../rpc-types';

export class ListLogsQuery extends Query<RpcReply<'listLogs'>> {
  constructor(
    readonly actorId: string,
    readonly params: RpcBody<'listLogs'>,
  ) {
    super();
  }
}
