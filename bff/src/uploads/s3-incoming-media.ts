import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { S3Settings } from '@kiln/contracts';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IncomingMediaStorage, InspectHead, isReadableKey, meter, Received, StorageFailed, StoredFile } from './media-storage';

/**
 * The client for an S3-compatible store: an endpoint of its own (MinIO, Ceph, a test's s3rver) is
 * addressed by path, and checksums are sent only where S3 requires them (other servers do not all read
 * the newer trailing checksums). Without keys, the SDK's own chain finds them (an instance role).
 */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: Boolean(settings.endpoint),
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const PART_BYTES = 5 * 1024 * 1024;

/**
 * The S3-compatible adapter: `media/<id>.upload` in the bucket. A file under one part (5 MB) is one PUT; a
 * larger one a multipart upload whose parts are filled in two buffers made once per upload and reused:
 * one is sent while the other fills, so an upload holds 10 MB whatever its size and leaves no garbage
 * behind (@aws-sdk/lib-storage concatenated a new 5 MB buffer a part, and the BFF grew by 64 MB for a
 * 96 MB file until the collector ran; ADR 0050). A refused or broken upload is aborted and its object
 * deleted; a failure of the store itself is a StorageFailed.
 */
export class S3IncomingMedia implements IncomingMediaStorage {
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    client?: S3Client,
  ) {
    this.client = client ?? s3Client(settings);
  }

  private key(id: string): string {
    if (!/^[0-9a-f]{24}$/.test(id)) throw new Error('invalid media id');
    return `media/${id}.upload`;
  }

  /** A request to the store; its failure is the store's (503), not the client's. */
  private async send<T>(request: Promise<T>): Promise<T> {
    try {
      return await request;
    } catch (error) {
      throw new StorageFailed(error);
    }
  }

  async receive(id: string, source: Readable, maxBytes: number, inspect?: InspectHead): Promise<Received> {
    const Bucket = this.settings.bucket;
    const Key = this.key(id);
    const { count, received } = meter(maxBytes, inspect);
    if (source.destroyed) throw new Error('the upload ended before it was stored');
    const buffers = [Buffer.allocUnsafe(PART_BYTES), Buffer.allocUnsafe(PART_BYTES)];
    let current = 0;
    let filled = 0;
    let uploadId: string | undefined;
    const parts: { ETag?: string; PartNumber: number }[] = [];
    let sending: Promise<unknown> = Promise.resolve();

    /** Sends the part in the current buffer (the previous one finished first, so its buffer is free to fill). */
    const sendPart = async () => {
      uploadId ??= (await this.send(this.client.send(new CreateMultipartUploadCommand({ Bucket, Key })))).UploadId;
      await sending;
      const PartNumber = parts.length + 1;
      const Body = buffers[current]!.subarray(0, filled);
      sending = this.send(this.client.send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body, ContentLength: Body.length }))).then(
        ({ ETag }) => parts.push({ ETag, PartNumber }),
      );
      // Awaited before the next part and at the end; until then, a failure must not go unhandled.
      sending.catch(() => undefined);
      current ^= 1;
      filled = 0;
    };

    try {
      await pipeline(source, count, async (chunks: AsyncIterable<Buffer>) => {
        for await (const chunk of chunks) {
          for (let offset = 0; offset < chunk.length;) {
            const copied = chunk.copy(buffers[current]!, filled, offset);
            filled += copied;
            offset += copied;
            if (filled === PART_BYTES) await sendPart();
          }
        }
      });
      if (uploadId === undefined) {
        const Body = buffers[current]!.subarray(0, filled);
        await this.send(this.client.send(new PutObjectCommand({ Bucket, Key, Body, ContentLength: Body.length })));
      } else {
        if (filled > 0) await sendPart();
        await sending;
        await this.send(this.client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } })));
      }
    } catch (error) {
      // The file's own refusal (too large, not its kind), the client gone, or the store failing (StorageFailed).
      await sending.catch(() => undefined);
      if (uploadId !== undefined)
        await this.send(this.client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))).catch(() => undefined);
      // Removed if it can be; the assets service sweeps what is left of an upload nobody registered.
      await this.discard(id).catch(() => undefined);
      throw error;
    }
    return received();
  }

  async discard(id: string): Promise<void> {
    await this.send(this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(id) })));
  }

  /** Streams an object of the bucket (never buffered); null when there is none (yet). */
  async open(key: string): Promise<StoredFile | null> {
    if (!isReadableKey(key)) throw new Error('invalid storage key');
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!(answer.Body instanceof Readable)) throw new Error('the store answered no stream');
      return { stream: answer.Body, size: Number(answer.ContentLength ?? 0) };
    } catch (error) {
      const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return null;
      throw new StorageFailed(error);
    }
  }
}
