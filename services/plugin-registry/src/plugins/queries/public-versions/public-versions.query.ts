import { Query } from '@nestjs/cqrs';
import { RpcReply } from '../../rpc-types';

/** The public read API (no caller): the published versions of a public plugin, by package id. */
export class PublicVersionsQuery extends Query<RpcReply<'publicVersions'>> {
  constructor(readonly packageId: string) {
    super();
  }
}
