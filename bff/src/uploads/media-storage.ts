import { createHash } from 'node:crypto';
import { constants as fsConstants, createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES } from '@kiln/domain';

/** What the BFF knows of a file once it is in storage: its size, hash and first bytes (at most `SNIFF_BYTES`). */
export interface Received {
  size: number;
  sha256: string;
  head: Buffer;
}

/** Looks at a file's first bytes (all of them when the file is shorter); an error refuses it, mid-stream. */
export type InspectHead = (head: Buffer) => Error | null;

/** The file passed `maxBytes` while it streamed: the partial file is gone. */
export class TooLarge extends Error {
  constructor(readonly limit: number) {
    super(`larger than ${limit} bytes`);
  }
}

/** The storage itself failed (an object store unreachable or refusing): not the client's fault, 503. */
export class StorageFailed extends Error {
  constructor(readonly reason: unknown) {
    super(`storage failed: ${reason instanceof Error ? reason.message : String(reason)}`);
  }
}

/**
 * Counts, hashes and keeps the first `SNIFF_BYTES` of a file as it streams through, refusing it past
 * `maxBytes` (TooLarge) or when `inspect` refuses its head; every storage adapter writes through it.
 */
export function meter(maxBytes: number, inspect?: InspectHead): { count: Transform; received: () => Received } {
  const hash = createHash('sha256');
  let size = 0;
  const headParts: Buffer[] = [];
  let head: Buffer | null = null;
  const look = () => {
    head = Buffer.concat(headParts).subarray(0, SNIFF_BYTES);
    return inspect?.(head) ?? null;
  };
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new TooLarge(maxBytes));
      hash.update(chunk);
      if (!head) {
        headParts.push(chunk.subarray(0, SNIFF_BYTES));
        if (size >= SNIFF_BYTES) {
          const refused = look();
          if (refused) return done(refused);
        }
      }
      done(null, chunk);
    },
    flush(done) {
      done(head ? null : look());
    },
  });
  return { count, received: () => ({ size, sha256: hash.digest('hex'), head: head ?? Buffer.alloc(0) }) };
}

/** A stored file opened for reading: its bytes as a stream (nothing held in memory) and its size. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * The keys the BFF may read: `media/<id>` and its derived files (`media/<id>.thumb.png`, `.view.glb`,
 * `.safe.svg`), or another folder's `<folder>/<id>[.<suffix>…]`: lowercase folders, an id, dotted suffixes.
 * Never `..`, never an absolute path, never an upload still arriving (`.upload`).
 */
export function isReadableKey(key: string): boolean {
  return /^(?:[a-z0-9-]+\/)+[0-9a-f]{24}(?:\.[a-z0-9]+)*$/.test(key) && !key.endsWith('.upload');
}

/**
 * Where the BFF streams an upload before the assets service registers it (ADR 0033): `receive` writes
 * `media/<id>.upload` chunk by chunk (never the whole file in memory), counting and hashing as it goes;
 * the assets service checks it and moves it to `media/<id>`. `discard` removes what is left of an upload
 * that was refused.
 */
export interface IncomingMediaStorage {
  receive(id: string, source: Readable, maxBytes: number, inspect?: InspectHead): Promise<Received>;
  discard(id: string): Promise<void>;
  /**
   * Opens a stored file by its key (`media/<id>`, `media/<id>.thumb.png`, ...; `isReadableKey`) to stream
   * it out (ADR 0052); null when there is no such file (yet). A failure of the store is a StorageFailed.
   */
  open(key: string): Promise<StoredFile | null>;
}

export const INCOMING_MEDIA_STORAGE = Symbol('incoming media storage');

/** The local-disk adapter: `<KILN_STORAGE_DIR>/media/<id>.upload` (the folder the pipeline and the assets service read). */
export class LocalDiskIncomingMedia implements IncomingMediaStorage {
  constructor(readonly storageDir = resolve(process.env.KILN_STORAGE_DIR ?? '.data/storage')) {}

  private path(id: string): string {
    if (!/^[0-9a-f]{24}$/.test(id)) throw new Error('invalid media id');
    return join(this.storageDir, 'media', `${id}.upload`);
  }

  async receive(id: string, source: Readable, maxBytes: number, inspect?: InspectHead): Promise<Received> {
    const path = this.path(id);
    await mkdir(join(this.storageDir, 'media'), { recursive: true });
    const { count, received } = meter(maxBytes, inspect);
    // The upload ended (the form was cut, the client went away) while the folder was being made: no file.
    if (source.destroyed) throw new Error('the upload ended before it was stored');
    // `wx`: a new file only, readable by the service user alone.
    const sink = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    try {
      await pipeline(source, count, sink);
    } catch (error) {
      // A failed pipeline does not wait for the file to close (it may still be opening): removed before
      // that, it would come back as an empty leftover.
      if (!sink.closed) await new Promise<void>((closed) => sink.once('close', () => closed()));
      await this.discard(id);
      throw error;
    }
    return received();
  }

  async discard(id: string): Promise<void> {
    await rm(this.path(id), { force: true });
  }

  async open(key: string): Promise<StoredFile | null> {
    if (!isReadableKey(key)) throw new Error('invalid storage key');
    const path = join(this.storageDir, ...key.split('/'));
    if (!path.startsWith(this.storageDir + sep)) throw new Error('invalid storage key');
    let handle;
    try {
      // Never through a link: only files the services wrote themselves.
      handle = await open(path, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP') return null;
      throw new StorageFailed(error);
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { stream: handle.createReadStream(), size: stat.size };
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw new StorageFailed(error);
    }
  }
}
