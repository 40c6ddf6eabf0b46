import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Media } from '@kiln/contracts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { eventually } from '../../../deploy/test/support/eventually';
import { AssetsEnv, startAssets } from './support/assets-env';
import { stepBox } from './support/model-files';

/**
 * Media processing with the storage in an S3-compatible bucket (ADR 0050, 0053; s3rver run by the test):
 * the original is read from the bucket and the derived files are written into it, beside the original.
 */
jest.setTimeout(120_000);

const Bucket = 'kiln-media';
let env: AssetsEnv;
let server: S3rver;
let client: S3Client;
let dir: string;
const actor = { userId: randomBytes(12).toString('hex') };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kiln-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true, configureBuckets: [{ name: Bucket, configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  env = await startAssets(
    { KILN_STORAGE: 's3', KILN_S3_ENDPOINT: endpoint, KILN_S3_BUCKET: Bucket, KILN_S3_ACCESS_KEY_ID: 'S3RVER', KILN_S3_SECRET_ACCESS_KEY: 'S3RVER' },
    { putUpload: async (id, bytes) => void (await client.send(new PutObjectCommand({ Bucket, Key: `media/${id}.upload`, Body: bytes }))) },
  );
}, 120_000);

afterAll(async () => {
  await env?.stop();
  client?.destroy();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

const object = async (Key: string) => Buffer.from(await (await client.send(new GetObjectCommand({ Bucket, Key }))).Body!.transformToByteArray());

async function processed(content: Buffer | string, filename: string, repo: 'image' | 'object3d'): Promise<Media> {
  const media = await env.upload(actor, content, filename, repo);
  await eventually(() => expect(env.events.some((e) => e.type === 'assets.media.processed.v1' && e.aggregateId === media.id)).toBe(true), 60_000);
  return env.getMedia(actor, media.id);
}

it('makes an image thumbnail from the bucket into the bucket', async () => {
  const png = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const media = await processed(png, 'wide.png', 'image');
  expect(media.preview).toEqual({ status: 'ready', thumbnail: true, view: false, svg: false, width: 900, height: 300 });
  const thumb = await sharp(await object(`media/${media.id}.thumb.png`)).metadata();
  expect([thumb.format, thumb.width, thumb.height]).toEqual(['png', 512, 171]);
});

it('converts a STEP file from the bucket into the viewer GLB and thumbnail in the bucket', async () => {
  const media = await processed(stepBox(12, 34, 56), 'part.stp', 'object3d');
  expect(media.preview).toEqual({ status: 'ready', thumbnail: true, view: true, svg: false, size3d: { x: 12, y: 34, z: 56 } });
  expect((await object(`media/${media.id}.view.glb`)).subarray(0, 4).toString('latin1')).toBe('glTF');
  expect((await sharp(await object(`media/${media.id}.thumb.png`)).metadata()).format).toBe('png');
});
