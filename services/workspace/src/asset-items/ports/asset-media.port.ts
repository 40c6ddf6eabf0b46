import { Media } from '@kiln/contracts';

export const ASSET_MEDIA = Symbol('AssetMedia');

/**
 * The uploaded file an item is made from, as the assets service knows it (ADR 0033, 0052). The assets
 * service answers only the uploader, so an item can be made only of the caller's own upload.
 */
export interface AssetMedia {
  /** The caller's media record, or null when it is not theirs or not there. */
  mediaOf(actorId: string, mediaId: string): Promise<Media | null>;
}
