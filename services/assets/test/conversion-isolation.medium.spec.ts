import { MEDIA_PREVIEW_MESSAGES } from '@kiln/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { object3dPreview, vectorPreview } from '../src/media/adapters/previews/conversion';
import { MAX_SVG_DEPTH } from '../src/media/adapters/previews/vector-preview';
import { PreviewFailure } from '../src/media/ports/media-previews.port';
import { objBox } from './support/model-files';

/**
 * 3D conversions and SVG/DXF parsing run in a worker thread (ADR 0053): past its time it is ended, past its
 * memory it dies alone; either way the file is refused with a sentence and this process goes on.
 */
jest.setTimeout(120_000);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kiln-3d-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An OBJ of a grid of `n × n` quads: many points, for a worker to run out of time or memory on. */
function bigObj(n: number): string {
  const lines: string[] = [];
  for (let y = 0; y <= n; y++) for (let x = 0; x <= n; x++) lines.push(`v ${x} ${y} ${(x * y) % 7}`);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) lines.push(`f ${y * (n + 1) + x + 1} ${y * (n + 1) + x + 2} ${(y + 1) * (n + 1) + x + 2} ${(y + 1) * (n + 1) + x + 1}`);
  return lines.join('\n');
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

it('ends a conversion that runs past its time, with a sentence', async () => {
  const path = join(dir, 'slow.obj');
  writeFileSync(path, bigObj(300));
  const error = await failure(object3dPreview('obj', path, { timeoutMs: 50, memoryMb: 512 }));
  expect(error).toBeInstanceOf(PreviewFailure);
  expect((error as Error).message).toBe(MEDIA_PREVIEW_MESSAGES.tooSlow('OBJ', 1));
});

it('refuses a conversion that needs more memory than its worker may take, and this process goes on', async () => {
  const path = join(dir, 'big.obj');
  writeFileSync(path, bigObj(600));
  const error = await failure(object3dPreview('obj', path, { timeoutMs: 60_000, memoryMb: 16 }));
  expect(error).toBeInstanceOf(PreviewFailure);
  expect((error as Error).message).toBe(MEDIA_PREVIEW_MESSAGES.tooBig('OBJ'));
  // The next file converts as ever.
  writeFileSync(join(dir, 'box.obj'), objBox(1, 2, 3));
  expect((await object3dPreview('obj', join(dir, 'box.obj'))).size3d).toEqual({ x: 1, y: 2, z: 3 });
});

it('refuses an SVG nested deeper than a preview reads, before parsing it, and ends an SVG that takes too long', async () => {
  const deep = join(dir, 'deep.svg');
  writeFileSync(deep, `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${'<g>'.repeat(20_000)}${'</g>'.repeat(20_000)}</svg>`);
  expect(await failure(vectorPreview('svg', deep))).toEqual(new PreviewFailure(MEDIA_PREVIEW_MESSAGES.tooDeepSvg(MAX_SVG_DEPTH)));
  // Many shapes side by side (not deep): a worker given 50 ms is ended.
  const wide = join(dir, 'wide.svg');
  writeFileSync(wide, `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${'<rect width="1" height="1"/>'.repeat(100_000)}</svg>`);
  expect(await failure(vectorPreview('svg', wide, { timeoutMs: 50, memoryMb: 512 }))).toEqual(new PreviewFailure(MEDIA_PREVIEW_MESSAGES.tooSlow('SVG', 1)));
});
