import { ContentFormat, MEDIA_PREVIEW_MESSAGES, MEDIA_PROCESSING_LIMITS } from '@kiln/contracts';
import { DerivedPreview, MediaPreviews, PreviewFailure } from '../../ports/media-previews.port';
import { imagePreview } from './image-preview';
import { ConversionLimits, object3dPreview, vectorPreview } from './conversion';

/**
 * Each format to its maker (ADR 0053): images by sharp here (libvips works off the event loop, with a
 * pixel limit); SVG and DXF (parsed without following anything) and 3D objects in a worker thread with
 * memory and time limits.
 */
export class LocalMediaPreviews implements MediaPreviews {
  constructor(private readonly limits?: ConversionLimits) {}

  /** `KILN_MEDIA_WORKER_TIMEOUT_MS` and `KILN_MEDIA_WORKER_MEMORY_MB` override the conversion's limits (ADR 0053). */
  static fromEnv(env: Record<string, string | undefined>): LocalMediaPreviews {
    const timeoutMs = Number(env.KILN_MEDIA_WORKER_TIMEOUT_MS) || MEDIA_PROCESSING_LIMITS.workerTimeoutMs;
    const memoryMb = Number(env.KILN_MEDIA_WORKER_MEMORY_MB) || MEDIA_PROCESSING_LIMITS.workerMemoryMb;
    return new LocalMediaPreviews({ timeoutMs, memoryMb });
  }

  async make(format: ContentFormat, source: string): Promise<DerivedPreview> {
    switch (format) {
      case 'png':
      case 'jpeg':
      case 'webp':
      case 'gif':
        return imagePreview(source);
      case 'svg':
        return vectorPreview('svg', source, this.limits);
      case 'dxf':
        return vectorPreview('dxf', source, this.limits);
      case 'glb':
      case 'obj':
      case 'stl':
      case '3ds':
      case '3dm':
      case 'step':
      case 'iges':
        return object3dPreview(format, source, this.limits);
      default:
        throw new PreviewFailure(MEDIA_PREVIEW_MESSAGES.unsupported);
    }
  }
}
