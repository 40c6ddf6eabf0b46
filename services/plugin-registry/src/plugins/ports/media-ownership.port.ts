import { Media } from '@kiln/contracts';

export const MEDIA_OWNERSHIP = Symbol('MediaOwnership');

/** Media records as their uploader sees them (ADR 0033): null when not theirs, or not there. */
export interface MediaOwnership {
  mediaOf(actorId: string, mediaId: string): Promise<Media | null>;
}
