import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { S3Settings } from '@kiln/contracts';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IncomingMediaStorage, InspectHead, meter, Received, StorageFailed } from './media-storage';

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
 * The S3-compatible adapter: `media/<id>.upload` in the bucket, streamed as a multipart upload of 5 MB
 * parts, two at most in flight (so a 200 MB file holds about 10 MB in memory); a file smaller than a
 * part is one PUT. A refused or broken upload is aborted (its parts dropped) and its object deleted.
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

  async receive(id: string, source: Readable, maxBytes: number, inspect?: InspectHead): Promise<Received> {
    const Key = this.key(id);
    const { count, received } = meter(maxBytes, inspect);
    if (source.destroyed) throw new Error('the upload ended before it was stored');
    const body = new PassThrough();
    const upload = new Upload({ client: this.client, params: { Bucket: this.settings.bucket, Key, Body: body }, partSize: PART_BYTES, queueSize: 2 });
    // The store refused or went away: stop reading the file too, and say it was the store.
    const uploaded = upload.done().catch((error: unknown) => {
      const failed = new StorageFailed(error);
      body.destroy(failed);
      throw failed;
    });
    try {
      await pipeline(source, count, body);
      await uploaded;
    } catch (error) {
      // The file's own refusal (too large, not its kind), the client gone, or the store failing (StorageFailed).
      await upload.abort().catch(() => undefined);
      await uploaded.catch(() => undefined);
      // Removed if it can be; the assets service sweeps what is left of an upload nobody registered.
      await this.discard(id).catch(() => undefined);
      throw error;
    }
    return received();
  }

  async discard(id: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(id) }));
  }
}
