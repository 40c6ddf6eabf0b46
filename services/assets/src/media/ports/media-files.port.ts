import type { Readable } from 'node:stream';

export const MEDIA_FILES = Symbol('media files');
export const mediaKey = (id: string) => `media/${id}`;

/** The files derived from a media file (ADR 0053): a PNG thumbnail, the 3D viewer's GLB, a sanitised SVG. */
export const MEDIA_VARIANTS = ['thumb.png', 'view.glb', 'safe.svg'] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];
/** `media/<id>` for the original, `media/<id>.<variant>` for a derived file. */
export const mediaVariantKey = (id: string, variant?: MediaVariant) => (variant ? `media/${id}.${variant}` : mediaKey(id));
export const isMediaVariant = (value: unknown): value is MediaVariant => (MEDIA_VARIANTS as readonly unknown[]).includes(value);

/**
 * The assets service's side of media storage (ADR 0033). The BFF streams an upload to `media/<id>.upload`;
 * this port inspects it, moves it to its key `media/<id>` (where the plugin pipeline reads it) or removes
 * it. A multi-machine deployment swaps the local-disk adapter for an object store.
 */
export interface MediaFiles {
  /** Size and first bytes of an upload waiting to be registered; null when there is none. */
  inspectUpload(id: string, headBytes: number): Promise<{ size: number; head: Buffer } | null>;
  /** Moves an upload into place; the file is then immutable under its key. */
  accept(id: string): Promise<string>;
  discardUpload(id: string): Promise<void>;
  /** Removes the original and its derived files. */
  remove(id: string): Promise<void>;
  /** The stored original (`media/<id>`) or one of its derived files (`media/<id>.<variant>`); null when there is none. */
  read(id: string, variant?: MediaVariant): Promise<Readable | null>;
  /** Writes (or replaces) a derived file of `id`; the original is never written here. */
  writeDerived(id: string, variant: MediaVariant, body: Buffer | Readable): Promise<void>;
  /** Removes uploads older than `olderThanMs` that nobody registered (the BFF stopped mid-upload). */
  sweepUploads(olderThanMs: number, now?: number): Promise<number>;
}
