import { Media, MediaPreview, RegisterMediaBody, UploadKind } from '@kiln/contracts';

export const MEDIA_REPOSITORY = Symbol('MediaRepository');

/** A pending media file an instance has claimed for processing, and how many claims it has had (this one included). */
export interface ClaimedMedia {
  media: Media;
  attempts: number;
}

/** Media records (ADR 0033): one per file in storage (`media/<id>`), owned by its uploader. */
export interface MediaRepository {
  /**
   * Records the file as `authorId`'s (with `assets.media.registered.v1`). `moveIntoPlace` runs inside the
   * recording transaction, after the row is written: when it fails, nothing is recorded.
   */
  record(authorId: string, media: RegisterMediaBody, moveIntoPlace: () => Promise<void>): Promise<Media>;
  /** The record, whoever uploaded it; null when there is none. */
  byId(id: string): Promise<Media | null>;
  /** The records of these ids that exist, in no particular order. */
  byIds(ids: string[]): Promise<Media[]>;
  /** Pending files nobody holds a live claim on, oldest first (ADR 0053). */
  claimable(limit: number): Promise<{ id: string; kind: UploadKind }[]>;
  /** Claims a pending file for `leaseMs` by one row update; null when it is not pending or another instance holds it. */
  claim(id: string, owner: string, leaseMs: number): Promise<ClaimedMedia | null>;
  /**
   * Records what was derived and writes `assets.media.processed.v1`, in one transaction, if `owner` still
   * holds the claim; null otherwise (nothing written).
   */
  finish(id: string, owner: string, preview: MediaPreview, causationId: string | null): Promise<Media | null>;
  /** Gives a claim back (shutting down mid-way): the file is pending for whoever comes next. */
  release(id: string, owner: string): Promise<void>;
}
