import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { S3Settings } from '@kiln/contracts';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isMediaVariant, MEDIA_VARIANTS, MediaFiles, mediaKey, MediaVariant, mediaVariantKey } from '../ports/media-files.port';

const checkedId = (id: string) => {
  if (!/^[0-9a-f]{24}$/.test(id)) throw new Error('invalid media id');
  return id;
};
const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/**
 * The client for an S3-compatible store (ADR 0050): a server of its own is addressed by path, and checksums
 * are sent only where S3 requires them (not every compatible server reads the newer trailing checksums).
 */
export function s3Client(settings: S3Settings): S3Client {
  const { accessKeyId, secretAccessKey } = settings;
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: Boolean(settings.endpoint),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * `media/<id>` in an S3-compatible bucket (ADR 0050): the BFF streams an upload to `media/<id>.upload`;
 * it is inspected with a ranged GET, moved into place by a server-side copy and delete (no byte passes
 * through the service), and swept by listing.
 */
export class S3MediaFiles implements MediaFiles {
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    client?: S3Client,
  ) {
    this.client = client ?? s3Client(settings);
  }

  private upload = (id: string) => `media/${checkedId(id)}.upload`;
  private final = (id: string) => mediaKey(checkedId(id));
  private derived = (id: string, variant: MediaVariant) => {
    if (!isMediaVariant(variant)) throw new Error('invalid media variant');
    return mediaVariantKey(checkedId(id), variant);
  };

  async inspectUpload(id: string, headBytes: number): Promise<{ size: number; head: Buffer } | null> {
    const Bucket = this.settings.bucket;
    const Key = this.upload(id);
    const info = await this.client.send(new HeadObjectCommand({ Bucket, Key })).catch((error: unknown) => {
      if (notFound(error)) return null;
      throw error;
    });
    if (!info) return null;
    const size = info.ContentLength ?? 0;
    if (size === 0 || headBytes <= 0) return { size, head: Buffer.alloc(0) };
    const object = await this.client.send(new GetObjectCommand({ Bucket, Key, Range: `bytes=0-${Math.min(headBytes, size) - 1}` }));
    return { size, head: Buffer.from(await object.Body!.transformToByteArray()) };
  }

  async accept(id: string): Promise<string> {
    const Bucket = this.settings.bucket;
    await this.client.send(new CopyObjectCommand({ Bucket, Key: this.final(id), CopySource: `${Bucket}/${this.upload(id)}` }));
    await this.client.send(new DeleteObjectCommand({ Bucket, Key: this.upload(id) }));
    return mediaKey(id);
  }

  async discardUpload(id: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.upload(id) }));
  }

  async remove(id: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.final(id) }));
    for (const variant of MEDIA_VARIANTS) await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.derived(id, variant) }));
  }

  async read(id: string, variant?: MediaVariant): Promise<Readable | null> {
    const Key = variant ? this.derived(id, variant) : this.final(id);
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key })).catch((error: unknown) => {
      if (notFound(error)) return null;
      throw error;
    });
    return object?.Body ? (object.Body as Readable) : null;
  }

  async writeDerived(id: string, variant: MediaVariant, body: Buffer | Readable): Promise<void> {
    const Bucket = this.settings.bucket;
    const Key = this.derived(id, variant);
    if (Buffer.isBuffer(body)) {
      await this.client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentLength: body.length }));
      return;
    }
    // A PUT needs its length up front: a stream of unknown length goes through a temporary file, never whole in memory.
    const folder = await mkdtemp(join(tmpdir(), 'kiln-derived-'));
    const temporary = join(folder, randomBytes(6).toString('hex'));
    try {
      await pipeline(body, createWriteStream(temporary));
      const { size } = await stat(temporary);
      await this.client.send(new PutObjectCommand({ Bucket, Key, Body: createReadStream(temporary), ContentLength: size }));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async sweepUploads(olderThanMs: number, now = Date.now()): Promise<number> {
    const Bucket = this.settings.bucket;
    let removed = 0;
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket, Prefix: 'media/', ContinuationToken }));
      for (const object of page.Contents ?? []) {
        if (!object.Key || !/^media\/[0-9a-f]{24}\.upload$/.test(object.Key)) continue;
        if (object.LastModified && now - object.LastModified.getTime() > olderThanMs) {
          await this.client.send(new DeleteObjectCommand({ Bucket, Key: object.Key }));
          removed++;
        }
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return removed;
  }
}
