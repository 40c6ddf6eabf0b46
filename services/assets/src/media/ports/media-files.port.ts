export const MEDIA_FILES = Symbol('media files');
export const mediaKey = (id: string) => `media/${id}`;

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
  remove(id: string): Promise<void>;
  /** Removes uploads older than `olderThanMs` that nobody registered (the BFF stopped mid-upload). */
  sweepUploads(olderThanMs: number, now?: number): Promise<number>;
}
