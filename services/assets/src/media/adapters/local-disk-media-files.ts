import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MEDIA_VARIANTS, MediaFiles, mediaKey, MediaVariant, isMediaVariant } from '../ports/media-files.port';

const checkedId = (id: string) => {
  if (!/^[0-9a-f]{24}$/.test(id)) throw new Error('invalid media id');
  return id;
};

/** `<KILN_STORAGE_DIR>/media/<id>` on the local disk (the default storage of a single machine). */
export class LocalDiskMediaFiles implements MediaFiles {
  constructor(readonly storageDir = resolve(process.env.KILN_STORAGE_DIR ?? '.data/storage')) {}

  private upload = (id: string) => join(this.storageDir, 'media', `${checkedId(id)}.upload`);
  private final = (id: string) => join(this.storageDir, 'media', checkedId(id));
  private derived = (id: string, variant: MediaVariant) => {
    if (!isMediaVariant(variant)) throw new Error('invalid media variant');
    return join(this.storageDir, 'media', `${checkedId(id)}.${variant}`);
  };

  async inspectUpload(id: string, headBytes: number): Promise<{ size: number; head: Buffer } | null> {
    const file = await open(this.upload(id), 'r').catch(() => null);
    if (!file) return null;
    try {
      const { size } = await file.stat();
      const head = Buffer.alloc(Math.min(headBytes, size));
      if (head.length) await file.read(head, 0, head.length, 0);
      return { size, head };
    } finally {
      await file.close();
    }
  }

  async accept(id: string): Promise<string> {
    await rename(this.upload(id), this.final(id));
    return mediaKey(id);
  }

  async discardUpload(id: string): Promise<void> {
    await rm(this.upload(id), { force: true });
  }

  async remove(id: string): Promise<void> {
    await rm(this.final(id), { force: true });
    for (const variant of MEDIA_VARIANTS) await rm(this.derived(id, variant), { force: true });
  }

  async read(id: string, variant?: MediaVariant): Promise<Readable | null> {
    const path = variant ? this.derived(id, variant) : this.final(id);
    // Opened first, so that a missing file is null rather than a stream that fails later.
    const file = await open(path, 'r').catch(() => null);
    return file ? createReadStream('', { fd: file }) : null;
  }

  async writeDerived(id: string, variant: MediaVariant, body: Buffer | Readable): Promise<void> {
    const path = this.derived(id, variant);
    await mkdir(join(this.storageDir, 'media'), { recursive: true });
    // Written beside and renamed: a reader sees the old file or the whole new one, never half of it.
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      if (Buffer.isBuffer(body)) await writeFile(temporary, body);
      else await pipeline(body, createWriteStream(temporary));
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async sweepUploads(olderThanMs: number, now = Date.now()): Promise<number> {
    const folder = join(this.storageDir, 'media');
    const names = await readdir(folder).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names.filter((n) => /^[0-9a-f]{24}\.upload$/.test(n))) {
      const info = await stat(join(folder, name)).catch(() => null);
      if (info && now - info.mtimeMs > olderThanMs) {
        await rm(join(folder, name), { force: true });
        removed++;
      }
    }
    return removed;
  }
}
