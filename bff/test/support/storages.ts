import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The storages the upload tests run against (ADR 0050): the same test table for each. `env` is what the
 * stack is started with; `stored` lists the keys under `media/` (uploads waiting included), `read` one.
 */
export interface StorageUnderTest {
  env: Record<string, string>;
  stored(): Promise<string[]>;
  read(key: string): Promise<Buffer>;
  stop(): Promise<void>;
}

export async function localDisk(): Promise<StorageUnderTest> {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-storage-'));
  mkdirSync(join(dir, 'media'));
  return {
    env: { KILN_STORAGE: 'local', KILN_STORAGE_DIR: dir },
    stored: async () =>
      readdirSync(join(dir, 'media'))
        .map((name) => `media/${name}`)
        .sort(),
    read: async (key) => readFileSync(join(dir, key)),
    stop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const STORAGES: [string, () => Promise<StorageUnderTest>][] = [['local disk', localDisk]];
