import { MEDIA_PREVIEW_MESSAGES, MEDIA_PROCESSING_LIMITS } from '@kiln/contracts';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { DerivedPreview, PreviewFailure } from '../../ports/media-previews.port';
import type { ConversionAnswer, ConversionJob } from './object3d/object3d.worker';

const WORKER = join(__dirname, 'object3d', `object3d.worker${__filename.endsWith('.ts') ? '.ts' : '.js'}`);
/** From sources (tests, `node -r @swc-node/register`) the worker compiles itself the same way; built, it is plain JavaScript. */
const WORKER_SOURCE = WORKER.endsWith('.ts')
  ? `require(${JSON.stringify(require.resolve('@swc-node/register'))}); require(${JSON.stringify(WORKER)});`
  : `require(${JSON.stringify(WORKER)});`;

const FORMAT_NAMES: Record<ConversionJob['format'], string> = {
  glb: 'GLB',
  obj: 'OBJ',
  stl: 'STL',
  '3ds': '3DS',
  '3dm': '3DM',
  step: 'STEP',
  iges: 'IGES',
};

export interface ConversionLimits {
  timeoutMs: number;
  memoryMb: number;
}

/**
 * A 3D object's viewer file (GLB) and thumbnail (ADR 0053): read and converted in a worker thread with a
 * memory limit, ended when it runs past its time, so a hostile or broken file costs that worker only.
 */
export async function object3dPreview(
  format: ConversionJob['format'],
  path: string,
  limits: ConversionLimits = { timeoutMs: MEDIA_PROCESSING_LIMITS.workerTimeoutMs, memoryMb: MEDIA_PROCESSING_LIMITS.workerMemoryMb },
): Promise<DerivedPreview> {
  const job: ConversionJob = {
    format,
    path,
    thumbnailPixels: MEDIA_PROCESSING_LIMITS.thumbnailPixels,
    maxTriangles: MEDIA_PROCESSING_LIMITS.thumbnailTriangles,
  };
  const answer = await runWorker(job, limits);
  const name = FORMAT_NAMES[format];
  if (!answer.ok) throw new PreviewFailure('empty' in answer ? MEDIA_PREVIEW_MESSAGES.empty3d(name) : MEDIA_PREVIEW_MESSAGES.unreadable3d(name, answer.reason));
  const size = job.thumbnailPixels;
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

function runWorker(job: ConversionJob, limits: ConversionLimits): Promise<ConversionAnswer> {
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
    const timer = setTimeout(
      () => settle(() => reject(new PreviewFailure(MEDIA_PREVIEW_MESSAGES.tooSlow3d(Math.max(1, Math.ceil(limits.timeoutMs / 1000)))))),
      limits.timeoutMs,
    );
    worker.once('message', (answer: ConversionAnswer) => settle(() => resolve(answer)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY' || /memory/i.test(error.message)
            ? new PreviewFailure(MEDIA_PREVIEW_MESSAGES.tooBig3d)
            : new PreviewFailure(MEDIA_PREVIEW_MESSAGES.unreadable3d(FORMAT_NAMES[job.format], 'the converter stopped on it.')),
        ),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new PreviewFailure(MEDIA_PREVIEW_MESSAGES.unreadable3d(FORMAT_NAMES[job.format], `the converter ended early (code ${code}).`)))),
    );
  });
}
