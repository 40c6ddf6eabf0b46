import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/**
 * The storages the upload tests run against (ADR 0050): the same test table for each. `env` is what the
 * stack is started with; `stored` lists the keys under `media/` (uploads waiting included), `read` one.
 */
export interface StorageUnderTest {
  env: Record<string, string>;
  stored(): Promise<string[]>;
  read(key: string): Promise<Buffer>;
  /** Makes the storage fail from now on (an object store gone away); only where STORAGES says it can. */
  goDown?(): Promise<void>;
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

/** An S3-compatible server run by the test itself (s3rver, on a free port, in a temp folder), and the bucket the stack is told to use. */
export async function s3Compatible(): Promise<StorageUnderTest> {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-s3rver-'));
  const bucket = 'kiln-media';
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's own keys: it checks every request's signature with them.
  const keys = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: keys });
  let down = false;
  return {
    env: {
      KILN_STORAGE: 's3',
      KILN_S3_ENDPOINT: endpoint,
      KILN_S3_BUCKET: bucket,
      KILN_S3_REGION: 'us-east-1',
      KILN_S3_ACCESS_KEY_ID: keys.accessKeyId,
      KILN_S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
      // Nothing may be written to the local folder: a throwaway one shows it.
      KILN_STORAGE_DIR: join(dir, 'unused-local-storage'),
    },
    stored: async () => {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'media/', ContinuationToken }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    read: async (key) => Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToByteArray()),
    goDown: async () => {
      await server.close();
      down = true;
    },
    stop: async () => {
      client.destroy();
      if (!down) await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Name, how to start it, and whether the test can make it fail (the local disk cannot: the tests run as root). */
export const STORAGES: [string, () => Promise<StorageUnderTest>, boolean][] = [
  ['local disk', localDisk, false],
  ['an S3-compatible server', s3Compatible, true],
];
