import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PublicFile } from '@kiln/contracts';
import { DomainError, PLUGIN_MESSAGES } from '@kiln/domain';
import { PLUGIN_FILES, PluginFiles } from '../../ports/plugin-files.port';
import { contentTypeOf } from '../../file-types';
import { publishedPackage } from '../../plugin-access';
import { PgPluginReadModel } from '../../adapters/pg-plugin.read-model';
import { PublicFileQuery } from './public-file.query';

@QueryHandler(PublicFileQuery)
export class PublicFileHandler implements IQueryHandler<PublicFileQuery, PublicFile> {
  constructor(
    private readonly view: PgPluginReadModel,
    @Inject(PLUGIN_FILES) private readonly files: PluginFiles,
  ) {}

  async execute({ packageId, version, path }: PublicFileQuery): Promise<PublicFile> {
    const file = await this.files.deployedFile(await publishedPackage(this.view, packageId, version), version, path);
    if (!file) throw new DomainError('not-found', PLUGIN_MESSAGES.fileNotFound);
    return { path: file.path, size: file.size, sha256: file.sha256, contentType: contentTypeOf(file.path), contentBase64: file.content.toString('base64') };
  }
}
