import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { visiblePlugin } from '../../plugin-access';
import { answerVersion } from '../../adapters/mappers';
import { PgPluginReadModel } from '../../adapters/pg-plugin.read-model';
import { RpcReply } from '../../rpc-types';
import { ListVersionsQuery } from './list-versions.query';

/** Versions of a plugin the caller may see: all for its author, the published ones of a public plugin for others. */
@QueryHandler(ListVersionsQuery)
export class ListVersionsHandler implements IQueryHandler<ListVersionsQuery, RpcReply<'listVersions'>> {
  constructor(private readonly view: PgPluginReadModel) {}

  async execute({ actorId, params }: ListVersionsQuery): Promise<RpcReply<'listVersions'>> {
    const plugin = await visiblePlugin(this.view, actorId, params.where.pluginId);
    const mine = plugin.authorId === actorId;
    const sort = JSON.stringify(params.sort ?? '').toLowerCase();
    const ascending = sort.includes('asc') && !sort.includes('desc');
    const page = await this.view.versions(plugin.id, {
      skip: params.skip,
      limit: params.limit,
      version: params.where.version,
      onlyPublished: !mine,
      ascending,
    });
    const populate = JSON.stringify(params.populate ?? '').includes('bgpmPlugin');
    return { data: page.data.map((v) => answerVersion(v, populate ? plugin : undefined)), total: page.total };
  }
}
