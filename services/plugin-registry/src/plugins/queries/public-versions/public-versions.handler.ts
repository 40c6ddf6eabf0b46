import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { publicPluginByPackage } from '../../plugin-access';
import { PgPluginReadModel } from '../../adapters/pg-plugin.read-model';
import { RpcReply } from '../../rpc-types';
import { PublicVersionsQuery } from './public-versions.query';

@QueryHandler(PublicVersionsQuery)
export class PublicVersionsHandler implements IQueryHandler<PublicVersionsQuery, RpcReply<'publicVersions'>> {
  constructor(private readonly view: PgPluginReadModel) {}

  async execute({ packageId }: PublicVersionsQuery): Promise<RpcReply<'publicVersions'>> {
    const plugin = await publicPluginByPackage(this.view, packageId);
    const page = await this.view.versions(plugin.id, { skip: 0, limit: 100, onlyPublished: true });
    return {
      data: page.data.map((v) => ({
        pluginId: v.packageId,
        version: v.version,
        status: 'published' as const,
        publishedAt: v.publishedAt!,
        provenance: v.provenance!,
      })),
      total: page.total,
    };
  }
}
