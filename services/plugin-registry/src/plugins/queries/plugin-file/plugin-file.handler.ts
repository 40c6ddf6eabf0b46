import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PluginAggregate, PLUGIN_MESSAGES, DomainError } from '@kiln/domain';
import { PLUGIN_FILES, PluginFiles } from '../../ports/plugin-files.port';
import { contentTypeOf } from '../../file-types';
import { notFound, versionNotFound } from '../../plugin-access';
import { PgPluginReadModel } from '../../adapters/pg-plugin.read-model';
import { RpcReply } from '../../rpc-types';
import { PluginFileQuery } from './plugin-file.query';

@QueryHandler(PluginFileQuery)
export class PluginFileHandler implements IQueryHandler<PluginFileQuery, RpcReply<'pluginFile'>> {
  constructor(
    private readonly view: PgPluginReadModel,
    @Inject(PLUGIN_FILES) private readonly files: PluginFiles,
  ) {}

  async execute({ actorId, packageId, version, path, knownSha256 }: PluginFileQuery): Promise<RpcReply<'pluginFile'>> {
    // A private plugin is its author's alone: anyone else gets the same 404 as for no plugin at all.
    const plugin = await this.view.pluginByPackageId(packageId);
    if (!plugin || !PluginAggregate.visibleTo(plugin, actorId)) throw notFound();
    if (!(await this.view.publishedVersionOf(plugin.pluginId, version))) throw versionNotFound();
    const file = await this.files.deployedFile(plugin.pluginId, version, path);
    if (!file) throw new DomainError('not-found', PLUGIN_MESSAGES.fileNotFound);
    const known = knownSha256 === file.sha256;
    return {
      path: file.path,
      size: file.size,
      sha256: file.sha256,
      contentType: contentTypeOf(file.path),
      cacheable: !plugin.private,
      contentBase64: known ? null : file.content.toString('base64'),
    };
  }
}
