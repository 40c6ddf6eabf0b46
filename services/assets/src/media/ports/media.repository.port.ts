import { Media, RegisterMediaBody } from '@kiln/contracts';

export const MEDIA_REPOSITORY = Symbol('MediaRepository');

/** Media records (ADR 0033): one per file in storage (`media/<id>`), owned by its uploader. */
export interface MediaRepository {
  /**
   * Records the file as `authorId`'s. `moveIntoPlace` runs inside the recording transaction, after the row
   * is written: when it fails, nothing is recorded.
   */
  record(authorId: string, media: RegisterMediaBody, moveIntoPlace: () => Promise<void>): Promise<Media>;
  /** The record, whoever uploaded it; null when there is none. */
  byId(id: string): Promise<Media | null>;
}
