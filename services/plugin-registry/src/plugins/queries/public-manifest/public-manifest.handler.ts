import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PLUGIN_FILES, PluginFiles } from '../../ports/plugin-files.port';
import { publishedPackage } from '../../plugin-access';
import { PgPluginReadModel } from '../../adapters/pg-plugin.read-model';
import { RpcReply } from '../../rpc-types';
import { PublicManifestQuery } from './public-manifest.query';

@QueryHandler(PublicManifestQuery)
export class PublicManifestHandler implements IQueryHandler<PublicManifestQuery, RpcReply<'publicManifest'>> {
  constructor(
    private readonly view: PgPluginReadModel,
    @Inject(PLUGIN_FILES) private readonly files: PluginFiles,
  ) {}

  async execute({ packageId, version }: PublicManifestQuery): Promise<RpcReply<'publicManifest'>> {
    // The contract parses the reply: the manifest as the pipeline wrote it.
    return (await this.files.manifest(await publishedPackage(this.view, packageId, version), version)) as RpcReply<'publicManifest'>;
  }
}
