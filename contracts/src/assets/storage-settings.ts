/**
 * Where media files are stored (ADR 0050), read from the environment by both the BFF (which streams uploads
 * in) and the assets service (which checks, moves and removes them), so both see the same files:
 * `KILN_STORAGE=local` (the default: `KILN_STORAGE_DIR`, `.data/storage`) or `s3`, an S3-compatible
 * bucket (`KILN_S3_ENDPOINT`, `KILN_S3_BUCKET`, `KILN_S3_REGION`, `KILN_S3_ACCESS_KEY_ID`,
 * `KILN_S3_SECRET_ACCESS_KEY`).
 */
export type StorageSettings =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      /** An S3-compatible server of its own (MinIO, Ceph, a test's s3rver), addressed by path; none: AWS S3. */
      endpoint?: string;
      bucket: string;
      region: string;
      /** Both or neither: without them the SDK's own chain finds credentials (an instance role). */
      accessKeyId?: string;
      secretAccessKey?: string;
    };

export function storageSettings(env: Record<string, string | undefined>): StorageSettings {
  const kind = env.KILN_STORAGE || 'local';
  if (kind === 'local') return { kind, dir: env.KILN_STORAGE_DIR || '.data/storage' };
  if (kind !== 's3') throw new Error(`KILN_STORAGE must be local or s3, not ${kind}`);
  const bucket = env.KILN_S3_BUCKET;
  if (!bucket) throw new Error('KILN_STORAGE=s3 needs KILN_S3_BUCKET');
  const accessKeyId = env.KILN_S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.KILN_S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('KILN_S3_ACCESS_KEY_ID and KILN_S3_SECRET_ACCESS_KEY go together');
  return { kind, endpoint: env.KILN_S3_ENDPOINT || undefined, bucket, region: env.KILN_S3_REGION || 'us-east-1', accessKeyId, secretAccessKey };
}

export type S3Settings = Extract<StorageSettings, { kind: 's3' }>;
