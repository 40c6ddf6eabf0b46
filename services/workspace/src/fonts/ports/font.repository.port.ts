import { FontDescription } from '@kiln/contracts';
import { FontAggregate } from '@kiln/domain';
import { EventMeta } from '@kiln/service-kit';

export const FONT_REPOSITORY = Symbol('FontRepository');

export interface FontRepository {
  findById(id: string): Promise<FontAggregate | null>;
  findMany(ids: readonly string[]): Promise<FontAggregate[]>;
  /** Writes the font's new state and its events (outbox) in one transaction; returns the event ids. */
  save(font: FontAggregate, meta: EventMeta): Promise<string[]>;
}

export const FONT_FILES = Symbol('FontFiles');

/** The assets service's reading of a font file (`rpc.assets.font.describe`): the caller's own media, read with a font library. */
export interface FontFiles {
  describe(actorId: string, mediaId: string): Promise<FontDescription>;
}
