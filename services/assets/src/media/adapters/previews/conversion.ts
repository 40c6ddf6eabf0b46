import { MEDIA_PREVIEW_MESSAGES, MEDIA_PROCESSING_LIMITS } from '@kiln/contracts';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DerivedPreview, PreviewFailure } from '../../ports/media-previews.port';
import type { ConversionAnswer, ConversionJob, DrawingFormat, ModelFormat } from './conversion.worker';
import { drawingThumbnail } from './drawing-thumbnail';
import { loadSharp } from './image-preview';

const WORKER = join(__dirname, `conversion.worker${__filename.endsWith('.ts') ? '.ts' : '.js'}`);
/** From sources (tests, `node -r @swc-node/register`) the worker compiles itself the same way; built, it is plain JavaScript. */
const WORKER_SOURCE = WORKER.endsWith('.ts')
  ? `require(${JSON.stringify(require.resolve('@swc-node/register'))}); require(${JSON.stringify(WORKER)});`
  : `require(${JSON.stringify(WORKER)});`;

const FORMAT_NAMES: Record<ModelFormat | DrawingFormat, string> = {
  glb: 'GLB',
  obj: 'OBJ',
  stl: 'STL',
  '3ds': '3DS',
  '3dm': '3DM',
  step: 'STEP',
  iges: 'IGES',
  svg: 'SVG',
  dxf: 'DXF',
};

export interface ConversionLimits {
  timeoutMs: number;
  memoryMb: number;
}

const DEFAULT_LIMITS: ConversionLimits = { timeoutMs: MEDIA_PROCESSING_LIMITS.workerTimeoutMs, memoryMb: MEDIA_PROCESSING_LIMITS.workerMemoryMb };

/**
 * A 3D object's viewer file (GLB) and thumbnail (ADR 0053): read and converted in a worker thread with a
 * memory limit, ended when it runs past its time, so a hostile or broken file costs that worker only.
 */
export async function object3dPreview(format: ModelFormat, path: string, limits: ConversionLimits = DEFAULT_LIMITS): Promise<DerivedPreview> {
  const size = MEDIA_PROCESSING_LIMITS.thumbnailPixels;
  const answer = await runWorker({ format, path, thumbnailPixels: size, maxTriangles: MEDIA_PROCESSING_LIMITS.thumbnailTriangles }, limits);
  if (!answer.ok) throw new PreviewFailure(answer.message);
  if (answer.kind !== 'model') throw new Error('the conversion worker answered a drawing for a model');
  const sharp = await loadSharp();
  const thumbnail = await sharp(Buffer.from(answer.rgba.buffer, answer.rgba.byteOffset, answer.rgba.byteLength), {
    raw: { width: size, height: size, channels: 4 },
  })
    .png()
    .toBuffer();
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    view: Buffer.from(answer.glb.buffer, answer.glb.byteOffset, answer.glb.byteLength),
    thumbnail,
    size3d: { x: round(answer.size3d.x), y: round(answer.size3d.y), z: round(answer.size3d.z) },
  };
}

/**
 * An SVG sanitised, or a DXF drawn as SVG (ADR 0053), in the same kind of worker (a deeply nested or huge
 * drawing costs the worker its time, never the service's event loop); its thumbnail drawn here by sharp.
 */
export async function vectorPreview(format: DrawingFormat, path: string, limits: ConversionLimits = DEFAULT_LIMITS): Promise<DerivedPreview> {
  const answer = await runWorker({ format, path }, limits);
  if (!answer.ok) throw new PreviewFailure(answer.message);
  if (answer.kind !== 'drawing') throw new Error('the conversion worker answered a model for a drawing');
  const { svg, width, height } = answer;
  return { svg: Buffer.from(svg), thumbnail: await drawingThumbnail(answer), ...(width !== undefined && height !== undefined ? { width, height } : {}) };
}

function runWorker(job: ConversionJob, limits: ConversionLimits): Promise<ConversionAnswer> {
  const name = FORMAT_NAMES[job.format];
  const unreadable = (reason: string) => new PreviewFailure(MEDIA_PREVIEW_MESSAGES.unreadableFile(name, reason));
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { job },
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 },
      // No environment of ours: the worker needs none.
      env: {},
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
      void worker.terminate();
    };
    const seconds = Math.max(1, Math.ceil(limits.timeoutMs / 1000));
    const timer = setTimeout(() => settle(() => reject(new PreviewFailure(MEDIA_PREVIEW_MESSAGES.tooSlow(name, seconds)))), limits.timeoutMs);
    worker.once('message', (answer: ConversionAnswer) =>
      settle(() =>
        answer.ok || answer.message
          ? resolve(answer)
          : reject(unreadable('the converter stopped on it (the file is damaged or uses something it cannot read).')),
      ),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY' || /memory/i.test(error.message)
            ? new PreviewFailure(MEDIA_PREVIEW_MESSAGES.tooBig(name))
            : unreadable('the converter stopped on it.'),
        ),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(unreadable(`the converter ended early (code ${code}).`))));
  });
}
