import { MEDIA_PREVIEW_MESSAGES } from '@kiln/contracts';
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PreviewFailure } from '../../ports/media-previews.port';
import { writeGlb } from './object3d/glb-writer';
import { boundsOf, Mesh, UnreadableModel } from './object3d/mesh';
import { parse3ds } from './object3d/parse-3ds';
import { parseGlb } from './object3d/parse-glb';
import { parse3dm, parseOcct } from './object3d/parse-kernels';
import { parseObj } from './object3d/parse-obj';
import { parseStl } from './object3d/parse-stl';
import { rasterise } from './object3d/rasterise';
import { dxfDrawing, svgDrawing } from './vector-preview';

export type ModelFormat = 'glb' | 'obj' | 'stl' | '3ds' | '3dm' | 'step' | 'iges';
export type DrawingFormat = 'svg' | 'dxf';

export const MODEL_FORMAT_NAMES: Record<ModelFormat, string> = { glb: 'GLB', obj: 'OBJ', stl: 'STL', '3ds': '3DS', '3dm': '3DM', step: 'STEP', iges: 'IGES' };

/** What the conversion worker is asked (ADR 0053): a 3D object to convert and draw, or a drawing to sanitise or draw as SVG. */
export type ConversionJob = { format: ModelFormat; path: string; thumbnailPixels: number; maxTriangles: number } | { format: DrawingFormat; path: string };

/** What it answers: the viewer's GLB, the thumbnail's RGBA pixels and the size in mm; or a drawing; or why the file cannot be read (a sentence). */
export type ConversionAnswer =
  | { ok: true; kind: 'model'; glb: Uint8Array; rgba: Uint8Array; size3d: { x: number; y: number; z: number } }
  | { ok: true; kind: 'drawing'; svg: string; width?: number; height?: number }
  | { ok: false; message: string };

async function parse(format: ModelFormat, bytes: Buffer): Promise<Mesh> {
  switch (format) {
    case 'glb':
      return parseGlb(bytes);
    case 'obj':
      return parseObj(bytes);
    case 'stl':
      return parseStl(bytes);
    case '3ds':
      return parse3ds(bytes);
    case '3dm':
      return parse3dm(bytes);
    case 'step':
    case 'iges':
      return parseOcct(bytes, format);
  }
}

/** Reads the file and converts it; runs in a worker thread with memory limits, ended when it takes too long. */
export async function convert(job: ConversionJob): Promise<ConversionAnswer> {
  if (job.format === 'svg' || job.format === 'dxf') {
    try {
      const drawing = job.format === 'svg' ? svgDrawing(readFileSync(job.path)) : dxfDrawing(readFileSync(job.path));
      return { ok: true, kind: 'drawing', ...drawing };
    } catch (error) {
      if (error instanceof PreviewFailure) return { ok: false, message: error.message };
      throw error;
    }
  }
  const model = job as Extract<ConversionJob, { format: ModelFormat }>;
  const name = MODEL_FORMAT_NAMES[model.format];
  let mesh: Mesh;
  try {
    mesh = await parse(job.format, readFileSync(job.path));
  } catch (error) {
    if (error instanceof UnreadableModel) return { ok: false, message: MEDIA_PREVIEW_MESSAGES.unreadableFile(name, error.reason) };
    if (error instanceof RangeError) return { ok: false, message: MEDIA_PREVIEW_MESSAGES.unreadableFile(name, 'it is cut short or damaged.') };
    throw error;
  }
  if (mesh.indices.length === 0) return { ok: false, message: MEDIA_PREVIEW_MESSAGES.empty3d(name) };
  const bounds = boundsOf(mesh);
  const size3d = { x: bounds.max[0] - bounds.min[0], y: bounds.max[1] - bounds.min[1], z: bounds.max[2] - bounds.min[2] };
  // glTF and OBJ are y-up by their conventions; the CAD and printing formats are z-up.
  const up = job.format === 'glb' || job.format === 'obj' ? 'y' : 'z';
  const rgba = rasterise(mesh, bounds, model.thumbnailPixels, model.maxTriangles, up);
  const glb = writeGlb(mesh, up);
  return { ok: true, kind: 'model', glb, rgba, size3d };
}

if (parentPort && workerData?.job) {
  const port = parentPort;
  convert(workerData.job as ConversionJob).then(
    (answer) => port.postMessage(answer, answer.ok && answer.kind === 'model' ? [answer.glb.buffer as ArrayBuffer, answer.rgba.buffer as ArrayBuffer] : []),
    () => port.postMessage({ ok: false, message: '' }),
  );
}
