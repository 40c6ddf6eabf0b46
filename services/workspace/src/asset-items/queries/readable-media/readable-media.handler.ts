import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PgEnvironmentMapReadModel } from '../../../environment-maps/adapters/pg-environment-map.read-model';
import { PgFontReadModel } from '../../../fonts/adapters/pg-font.read-model';
import { PgTextureReadModel } from '../../../textures/adapters/pg-texture.read-model';
import { PgAssetItemReadModel } from '../../adapters/pg-asset-item.read-model';
import { ReadableMediaQuery } from './readable-media.query';

/**
 * A media file is readable through the library items made of it: an image, vector graphic or 3D object, or a
 * font, a texture's map or preview, a scene's EXR or preview, each by its own read rule (the team's members, the
 * author of a personal one; a hidden font its author; a community texture or scene, anyone signed in: ADR 0061).
 */
@QueryHandler(ReadableMediaQuery)
export class ReadableMediaHandler implements IQueryHandler<ReadableMediaQuery, { ids: string[] }> {
  constructor(
    private readonly items: PgAssetItemReadModel,
    private readonly fonts: PgFontReadModel,
    private readonly textures: PgTextureReadModel,
    private readonly scenes: PgEnvironmentMapReadModel,
  ) {}

  async execute({ actorId, mediaIds }: ReadableMediaQuery): Promise<{ ids: string[] }> {
    const [items, fonts, textures, scenes] = await Promise.all([
      this.items.readableMediaIds(actorId, mediaIds),
      this.fonts.readableMediaIds(actorId, mediaIds),
      this.textures.readableMediaIds(actorId, mediaIds),
      this.scenes.readableMediaIds(actorId, mediaIds),
    ]);
    const readable = new Set([...items, ...fonts, ...textures, ...scenes]);
    return { ids: mediaIds.filter((id) => readable.has(id)) };
  }
}
