import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Plugin } from '@kiln/contracts';
import { PgPluginReadModel } from '../../adapters/pg-plugin.read-model';
import { RpcReply } from '../../rpc-types';
import { PublicPluginsQuery } from './public-plugins.query';

/** What consumers see of a plugin: no author, team, project or record version. */
const publicPlugin = ({ teamId: _t, projectId: _p, authorId: _a, version: _v, private: _pr, ...rest }: Plugin) => rest;

@QueryHandler(PublicPluginsQuery)
export class PublicPluginsHandler implements IQueryHandler<PublicPluginsQuery, RpcReply<'publicPlugins'>> {
  constructor(private readonly view: PgPluginReadModel) {}

  async execute({ params }: PublicPluginsQuery): Promise<RpcReply<'publicPlugins'>> {
    const page = await this.view.publicPlugins(params);
    return { data: page.data.map(publicPlugin), total: page.total };
  }
}
