import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { MediaFiles, mediaKey } from '../ports/media-files.port';

const checkedId = (id: string) => {
  if (!/^[0-9a-f]{24}$/.test(id)) throw new Error('invalid media id');
  return id;
};

/** `<KILN_STORAGE_DIR>/media/<id>` on the local disk (the default storage of a single machine). */
export class LocalDiskMediaFiles implements MediaFiles {
  constructor(readonly storageDir = resolve(process.env.KILN_STORAGE_DIR ?? '.data/storage')) {}

  private upload = (id: string) => join(this.storageDir, 'media', `${checkedId(id)}.upload`);
  private final = (id: string) => join(this.storageDir, 'media', checkedId(id));

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
