import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { writeGlb } from './glb-writer';
import { boundsOf, Mesh, UnreadableModel } from './mesh';
import { parse3ds } from './parse-3ds';
import { parseGlb } from './parse-glb';
import { parse3dm, parseOcct } from './parse-kernels';
import { parseObj } from './parse-obj';
import { parseStl } from './parse-stl';
import { rasterise } from './rasterise';

/** What the conversion worker is asked (ADR 0053). */
export interface ConversionJob {
  format: 'glb' | 'obj' | 'stl' | '3ds' | '3dm' | 'step' | 'iges';
  path: string;
  thumbnailPixels: number;
  maxTriangles: number;
}

/** What it answers: the viewer's GLB, the thumbnail's RGBA pixels and the size in mm; or why the file cannot be read; or that it holds nothing. */
export type ConversionAnswer =
  { ok: true; glb: Uint8Array; rgba: Uint8Array; size3d: { x: number; y: number; z: number } } | { ok: false; reason: string } | { ok: false; empty: true };

async function parse(format: ConversionJob['format'], bytes: Buffer): Promise<Mesh> {
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

/** Reads the file, converts it, draws it; runs in a worker thread with memory limits, ended when it takes too long. */
export async function convert(job: ConversionJob): Promise<ConversionAnswer> {
  let mesh: Mesh;
  try {
    mesh = await parse(job.format, readFileSync(job.path));
  } catch (error) {
    if (error instanceof UnreadableModel) return { ok: false, reason: error.reason };
    if (error instanceof RangeError) return { ok: false, reason: 'it is cut short or damaged.' };
    throw error;
  }
  if (mesh.indices.length === 0) return { ok: false, empty: true };
  const bounds = boundsOf(mesh);
  const size3d = { x: bounds.max[0] - bounds.min[0], y: bounds.max[1] - bounds.min[1], z: bounds.max[2] - bounds.min[2] };
  // glTF and OBJ are y-up by their conventions; the CAD and printing formats are z-up.
  const up = job.format === 'glb' || job.format === 'obj' ? 'y' : 'z';
  const rgba = rasterise(mesh, bounds, job.thumbnailPixels, job.maxTriangles, up);
  const glb = writeGlb(mesh, up);
  return { ok: true, glb, rgba, size3d };
}

if (parentPort && workerData?.job) {
  const port = parentPort;
  convert(workerData.job as ConversionJob).then(
    (answer) => port.postMessage(answer, answer.ok ? [answer.glb.buffer as ArrayBuffer, answer.rgba.buffer as ArrayBuffer] : []),
    () => port.postMessage({ ok: false, reason: 'the converter stopped on it (the file is damaged or uses something it cannot read).' }),
  );
}
