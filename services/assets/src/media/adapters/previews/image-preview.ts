import { MEDIA_PREVIEW_MESSAGES, MEDIA_PROCESSING_LIMITS } from '@kiln/contracts';
import { DerivedPreview, PreviewFailure } from '../../ports/media-previews.port';

const { thumbnailPixels, maxInputPixels } = MEDIA_PROCESSING_LIMITS;

/**
 * sharp, loaded at the first preview: libvips and its threads cost the idle service ~10 MiB that most
 * of its life never uses (ADR 0016, idle memory).
 */
export const loadSharp = async () => (await import('sharp')).default;

/** EXIF orientations 5 to 8 turn the picture a quarter: its width is then its stored height. */
const turnsAQuarter = (orientation?: number) => orientation !== undefined && orientation >= 5 && orientation <= 8;

/**
 * A PNG thumbnail of an image (png, jpeg, webp, gif: its first frame), at most 512 px a side, turned as
 * its EXIF orientation says, with no metadata (sharp keeps none unless asked). Images of more than
 * `maxInputPixels` are refused before they are decoded. Width and height are the picture's as shown.
 */
export async function imagePreview(input: Buffer | string): Promise<DerivedPreview> {
  try {
    const sharp = await loadSharp();
    const image = sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new PreviewFailure(MEDIA_PREVIEW_MESSAGES.unreadableImage);
    if (meta.width * meta.height > maxInputPixels) throw new PreviewFailure(MEDIA_PREVIEW_MESSAGES.tooManyPixels(maxInputPixels));
    const quarter = turnsAQuarter(meta.orientation);
    const thumbnail = await image
      .rotate()
      .resize(thumbnailPixels, thumbnailPixels, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 6 })
      .toBuffer();
    return { thumbnail, width: quarter ? meta.height : meta.width, height: quarter ? meta.width : meta.height };
  } catch (error) {
    throw asFailure(error, MEDIA_PREVIEW_MESSAGES.unreadableImage);
  }
}

/** sharp's errors as a sentence for people (its own words are not for them). */
export function asFailure(error: unknown, unreadable: string): PreviewFailure {
  if (error instanceof PreviewFailure) return error;
  const text = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(text)) return new PreviewFailure(MEDIA_PREVIEW_MESSAGES.tooManyPixels(maxInputPixels));
  return new PreviewFailure(unreadable);
}
