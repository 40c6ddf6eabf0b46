import type { ContentFormat } from '@kiln/contracts';

export const MEDIA_PREVIEWS = Symbol('media previews');

/** What was made from one file (ADR 0053); each buffer is stored as `media/<id>.<variant>`. */
export interface DerivedPreview {
  thumbnail?: Buffer;
  /** The 3D viewer's file (GLB), made from every 3D format. */
  view?: Buffer;
  /** A sanitised SVG (an svg), or a DXF's drawing. */
  svg?: Buffer;
  width?: number;
  height?: number;
  /** Bounding box in mm. */
  size3d?: { x: number; y: number; z: number };
}

/** A file that cannot be previewed; `message` is a sentence for people. */
export class PreviewFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PreviewFailure';
  }
}

/**
 * Makes a file's derived files from its bytes: an image's thumbnail, a sanitised SVG, a DXF's drawing, a 3D
 * object's GLB and thumbnail (ADR 0053). Throws PreviewFailure for a file that cannot be read; any other
 * error is ours (the claim runs out and the file is tried again).
 */
export interface MediaPreviews {
  /** `source`: the original's path on local disk (a temporary copy; never written). */
  make(format: ContentFormat, source: string): Promise<DerivedPreview>;
}
