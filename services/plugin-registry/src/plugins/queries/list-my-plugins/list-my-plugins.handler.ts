import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PgPluginReadModel } from '../../adapters/pg-plugin.read-model';
import { RpcReply } from '../../rpc-types';
import { ListMyPluginsQuery } from './list-my-plugins.query';

/** The caller's own plugins only (the author filter is the authorization). */
@QueryHandler(ListMyPluginsQuery)
export class ListMyPluginsHandler implements IQueryHandler<ListMyPluginsQuery, RpcReply<'listMyPlugins'>> {
  constructor(private readonly view: PgPluginReadModel) {}

  execute({ actorId, params }: ListMyPluginsQuery): Promise<RpcReply<'listMyPlugins'>> {
    return this.view.myPlugins(actorId, params);
  }
}
