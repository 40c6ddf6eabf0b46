import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FONT_MESSAGES, FontDescription, MEDIA_MESSAGES } from '@kiln/contracts';
import { DomainError, fontCategoryFromOs2 } from '@kiln/domain';
import { MEDIA_FILES, MediaFiles } from '../../../media/ports/media-files.port';
import { MEDIA_REPOSITORY, MediaRepository } from '../../../media/ports/media.repository.port';
import { FONT_READER, FontReader } from '../../ports/font-reader.port';
import { DescribeFontQuery } from './describe-font.query';

/**
 * The largest font file read (bytes). Uploads stop at 3 MB (spec 001 §5); files fetched from the public fonts
 * service are exempt from that limit, so the reader allows more, but never an unbounded read (ADR 0055).
 */
export const FONT_READ_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Reads the caller's own font file (media of kind `font`) with the font library: family, style, weight and
 * category come from the file, never from its name (spec 001 §3, issue 18). Someone else's media is 404; a
 * file the library cannot read is 400 with a sentence.
 */
@QueryHandler(DescribeFontQuery)
export class DescribeFontHandler implements IQueryHandler<DescribeFontQuery, FontDescription> {
  constructor(
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(MEDIA_FILES) private readonly files: MediaFiles,
    @Inject(FONT_READER) private readonly reader: FontReader,
  ) {}

  async execute({ actorId, mediaId }: DescribeFontQuery): Promise<FontDescription> {
    const media = await this.media.byId(mediaId);
    if (!media || media.authorId !== actorId) throw new DomainError('not-found', MEDIA_MESSAGES.notFound);
    if (media.type !== 'font') throw new DomainError('invalid', FONT_MESSAGES.notFontMedia, [{ path: 'mediaId', message: FONT_MESSAGES.notFontMedia }]);
    if (media.size > FONT_READ_MAX_BYTES) throw new DomainError('invalid', FONT_MESSAGES.notAFont, [{ path: 'mediaId', message: FONT_MESSAGES.notAFont }]);
    const bytes = await this.readAtMost(mediaId, FONT_READ_MAX_BYTES);
    const facts = bytes ? this.reader.read(bytes) : null;
    if (!facts) throw new DomainError('invalid', FONT_MESSAGES.notAFont, [{ path: 'mediaId', message: FONT_MESSAGES.notAFont }]);
    return {
      family: facts.family,
      style: facts.style,
      weight: facts.weight,
      italic: facts.italic,
      category: fontCategoryFromOs2(facts),
      glyphCount: facts.glyphCount,
      media: { id: media.id, name: media.name, mimetype: media.mimetype, size: media.size },
    };
  }

  /** The stored file, or null when it is missing or larger than `max` (read chunk by chunk, stopped past the limit). */
  private async readAtMost(id: string, max: number): Promise<Buffer | null> {
    const stream = await this.files.read(id);
    if (!stream) return null;
    const parts: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream) {
        const part = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += part.length;
        if (size > max) return null;
        parts.push(part);
      }
    } finally {
      stream.destroy();
    }
    return Buffer.concat(parts);
  }
}
