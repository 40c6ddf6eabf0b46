import { MEDIA_PREVIEW_MESSAGES, MEDIA_PROCESSING_LIMITS } from '@kiln/contracts';
import { asFailure, loadSharp } from './image-preview';
import type { Drawing } from './vector-preview';

/*
 * Apart from vector-preview.ts so that the service's own thread, which draws the thumbnail, does not load
 * jsdom and DOMPurify (~40 MiB resident at idle): only the conversion worker sanitises (ADR 0016).
 */

const { thumbnailPixels, maxInputPixels } = MEDIA_PROCESSING_LIMITS;

/**
 * A drawing's thumbnail by sharp (librsvg), at the density that makes its longer side 512 px (a vector is
 * drawn sharp, not enlarged from pixels), within the pixel limit and a time limit.
 */
export async function drawingThumbnail(drawing: Drawing): Promise<Buffer> {
  const longest = drawing.width && drawing.height ? Math.max(drawing.width, drawing.height) : thumbnailPixels;
  const density = Math.min(2400, Math.max(1, (72 * thumbnailPixels) / longest));
  try {
    const sharp = await loadSharp();
    return await sharp(Buffer.from(drawing.svg), { density, limitInputPixels: maxInputPixels })
      .timeout({ seconds: 30 })
      .resize(thumbnailPixels, thumbnailPixels, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch (error) {
    throw asFailure(error, MEDIA_PREVIEW_MESSAGES.unreadableSvg);
  }
}
