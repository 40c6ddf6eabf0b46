import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PublicFile } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import { PLUGIN_FILES, PluginFiles } from '../../../ports/plugin-files.port';
import { publishedPackage } from '../../plugin-access';
import { PluginReadModel } from '../../plugin-read-model';
import { PublicFileQuery } from './public-file.query';

const CONTENT_TYPES: Record<string, string> = { js: 'text/javascript', mjs: 'text/javascript', json: 'application/json', css: 'text/css', svg: 'image/svg+xml', png: 'image/png', html: 'text/html', txt: 'text/plain', wasm: 'application/wasm' };

@QueryHandler(PublicFileQuery)
export class PublicFileHandler implements IQueryHandler<PublicFileQuery, PublicFile> {
  constructor(
    private readonly view: PluginReadModel,
    @Inject(PLUGIN_FILES) private readonly files: PluginFiles,
  ) {}

  async execute({ packageId, version, path }: PublicFileQuery): Promise<PublicFile> {
    const file = await this.files.deployedFile(await publishedPackage(this.view, packageId, version), version, path);
    if (!file) throw new DomainError('not-found', 'File not found.');
    const contentType = CONTENT_TYPES[file.path.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';
    return { path: file.path, size: file.size, sha256: file.sha256, contentType, contentBase64: file.content.toString('base64') };
  }
}
