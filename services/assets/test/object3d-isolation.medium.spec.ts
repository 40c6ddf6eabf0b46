import { MEDIA_PREVIEW_MESSAGES } from '@kiln/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { object3dPreview } from '../src/media/adapters/previews/object3d-preview';
import { PreviewFailure } from '../src/media/ports/media-previews.port';
import { objBox } from './support/model-files';

/**
 * A 3D conversion runs in a worker thread (ADR 0053): past its time it is ended, past its memory it dies
 * alone; either way the file is refused with a sentence and this process goes on converting.
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
  expect((error as Error).message).toBe(MEDIA_PREVIEW_MESSAGES.tooSlow3d(1));
});

it('refuses a conversion that needs more memory than its worker may take, and this process goes on', async () => {
  const path = join(dir, 'big.obj');
  writeFileSync(path, bigObj(600));
  const error = await failure(object3dPreview('obj', path, { timeoutMs: 60_000, memoryMb: 16 }));
  expect(error).toBeInstanceOf(PreviewFailure);
  expect((error as Error).message).toBe(MEDIA_PREVIEW_MESSAGES.tooBig3d);
  // The next file converts as ever.
  writeFileSync(join(dir, 'box.obj'), objBox(1, 2, 3));
  expect((await object3dPreview('obj', join(dir, 'box.obj'))).size3d).toEqual({ x: 1, y: 2, z: 3 });
});
