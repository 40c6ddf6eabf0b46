import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PgFontReadModel } from '../../../fonts/adapters/pg-font.read-model';
import { PgAssetItemReadModel } from '../../adapters/pg-asset-item.read-model';
import { ReadableMediaQuery } from './readable-media.query';

/**
 * A media file is readable through the library items made of it: an image, vector graphic or 3D object, or a
 * font, each by its own read rule (the team's members, the author of a personal one; a hidden font its author).
 */
@QueryHandler(ReadableMediaQuery)
export class ReadableMediaHandler implements IQueryHandler<ReadableMediaQuery, { ids: string[] }> {
  constructor(
    private readonly items: PgAssetItemReadModel,
    private readonly fonts: PgFontReadModel,
  ) {}

  async execute({ actorId, mediaIds }: ReadableMediaQuery): Promise<{ ids: string[] }> {
    const [items, fonts] = await Promise.all([this.items.readableMediaIds(actorId, mediaIds), this.fonts.readableMediaIds(actorId, mediaIds)]);
    const readable = new Set([...items, ...fonts]);
    return { ids: mediaIds.filter((id) => readable.has(id)) };
  }
}
