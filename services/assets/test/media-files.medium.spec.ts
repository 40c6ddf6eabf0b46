import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { S3Settings } from '@kiln/contracts';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { LocalDiskMediaFiles } from '../src/media/adapters/local-disk-media-files';
import { mediaFilesFromEnv } from '../src/media/adapters/media-files-from-env';
import { S3MediaFiles } from '../src/media/adapters/s3-media-files';
import { MediaFiles } from '../src/media/ports/media-files.port';

/**
 * The assets service's media storage port (ADR 0050), the same cases against the local disk and an
 * S3-compatible server run by the test (s3rver, free port, temp folder): inspect an upload's size and
 * first bytes, move it into place, discard, remove, and sweep only the abandoned uploads.
 */
interface Arranged {
  files: MediaFiles;
  putUpload(id: string, bytes: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
  read(key: string): Promise<Buffer>;
  stop(): Promise<void>;
}

async function localDisk(): Promise<Arranged> {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-media-files-'));
  mkdirSync(join(dir, 'media'));
  return {
    files: mediaFilesFromEnv({ KILN_STORAGE: 'local', KILN_STORAGE_DIR: dir }),
    putUpload: async (id, bytes) => writeFileSync(join(dir, 'media', `${id}.upload`), bytes),
    exists: async (key) => existsSync(join(dir, key)),
    read: async (key) => readFileSync(join(dir, key)),
    stop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function s3Compatible(): Promise<Arranged> {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-s3rver-'));
  const Bucket = 'kiln-media';
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true, configureBuckets: [{ name: Bucket, configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  const env = {
    KILN_STORAGE: 's3',
    KILN_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    KILN_S3_BUCKET: Bucket,
    KILN_S3_ACCESS_KEY_ID: 'S3RVER',
    KILN_S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const files = mediaFilesFromEnv(env);
  expect(files).toBeInstanceOf(S3MediaFiles);
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: env.KILN_S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    files,
    putUpload: async (id, bytes) => void (await client.send(new PutObjectCommand({ Bucket, Key: `media/${id}.upload`, Body: bytes }))),
    exists: (Key) =>
      client.send(new HeadObjectCommand({ Bucket, Key })).then(
        () => true,
        () => false,
      ),
    read: async (Key) => Buffer.from(await (await client.send(new GetObjectCommand({ Bucket, Key }))).Body!.transformToByteArray()),
    stop: async () => {
      client.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const newId = () => randomBytes(12).toString('hex');
const HOUR = 60 * 60 * 1000;

describe.each([
  ['local disk', localDisk],
  ['an S3-compatible server', s3Compatible],
] as const)('media files on %s', (_name, arrange) => {
  let storage: Arranged;
  beforeAll(async () => {
    storage = await arrange();
  });
  afterAll(() => storage?.stop());

  it('inspects an upload (size and first bytes), moves it into place, and removes it', async () => {
    const id = newId();
    expect(await storage.files.inspectUpload(id, 8192)).toBeNull();
    const bytes = randomBytes(10_000);
    await storage.putUpload(id, bytes);
    const inspected = await storage.files.inspectUpload(id, 8192);
    expect(inspected?.size).toBe(10_000);
    expect(inspected?.head.equals(bytes.subarray(0, 8192))).toBe(true);
    expect(await storage.files.accept(id)).toBe(`media/${id}`);
    expect(await storage.exists(`media/${id}.upload`)).toBe(false);
    expect((await storage.read(`media/${id}`)).equals(bytes)).toBe(true);
    await storage.files.remove(id);
    expect(await storage.exists(`media/${id}`)).toBe(false);
  });

  it('inspects an empty upload and a short one whole, and discards an upload', async () => {
    const [empty, short] = [newId(), newId()];
    await storage.putUpload(empty, Buffer.alloc(0));
    await storage.putUpload(short, Buffer.from('solid'));
    expect(await storage.files.inspectUpload(empty, 8192)).toEqual({ size: 0, head: Buffer.alloc(0) });
    expect(await storage.files.inspectUpload(short, 8192)).toEqual({ size: 5, head: Buffer.from('solid') });
    await storage.files.discardUpload(empty);
    await storage.files.discardUpload(short);
    expect(await storage.exists(`media/${empty}.upload`)).toBe(false);
    expect(await storage.exists(`media/${short}.upload`)).toBe(false);
  });

  it('sweeps only uploads older than the age given, never files in place', async () => {
    const [waiting, kept] = [newId(), newId()];
    await storage.putUpload(waiting, Buffer.from('abandoned'));
    await storage.putUpload(kept, Buffer.from('registered'));
    await storage.files.accept(kept);
    expect(await storage.files.sweepUploads(HOUR)).toBe(0);
    expect(await storage.files.sweepUploads(HOUR, Date.now() + 2 * HOUR)).toBe(1);
    expect(await storage.exists(`media/${waiting}.upload`)).toBe(false);
    expect(await storage.exists(`media/${kept}`)).toBe(true);
  });

  it('reads the original and its derived files, writes derived files from a buffer or a stream, and removes them with the original', async () => {
    const id = newId();
    const text = async (stream: Readable | null) => (stream ? Buffer.concat(await stream.toArray()).toString() : null);
    expect(await storage.files.read(id)).toBeNull();
    await storage.putUpload(id, Buffer.from('original'));
    await storage.files.accept(id);
    expect(await text(await storage.files.read(id))).toBe('original');
    expect(await storage.files.read(id, 'thumb.png')).toBeNull();
    await storage.files.writeDerived(id, 'thumb.png', Buffer.from('a thumbnail'));
    await storage.files.writeDerived(id, 'view.glb', Readable.from([Buffer.from('a '), Buffer.from('viewer file')]));
    await storage.files.writeDerived(id, 'thumb.png', Buffer.from('replaced'));
    expect(await text(await storage.files.read(id, 'thumb.png'))).toBe('replaced');
    expect(await text(await storage.files.read(id, 'view.glb'))).toBe('a viewer file');
    expect((await storage.read(`media/${id}.view.glb`)).toString()).toBe('a viewer file');
    expect(await text(await storage.files.read(id))).toBe('original');
    await storage.files.remove(id);
    for (const key of [`media/${id}`, `media/${id}.thumb.png`, `media/${id}.view.glb`]) expect(await storage.exists(key)).toBe(false);
  });

  it('refuses an id that is not one (no path or key can be made of it)', async () => {
    await expect(storage.files.inspectUpload('../../etc/passwd', 10)).rejects.toThrow('invalid media id');
    await expect(storage.files.accept('a/b')).rejects.toThrow('invalid media id');
    await expect(storage.files.read('../x', 'thumb.png')).rejects.toThrow('invalid media id');
    await expect(storage.files.writeDerived(newId(), '../../x' as never, Buffer.from('x'))).rejects.toThrow('invalid media variant');
  });
});

describe('the storage chosen by configuration', () => {
  it('is the local disk by default', () => {
    expect(mediaFilesFromEnv({})).toBeInstanceOf(LocalDiskMediaFiles);
    const settings: S3Settings = { kind: 's3', bucket: 'b', region: 'us-east-1' };
    expect(new S3MediaFiles(settings)).toBeInstanceOf(S3MediaFiles);
  });
});
