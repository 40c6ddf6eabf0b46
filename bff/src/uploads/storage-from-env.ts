import { storageSettings } from '@kiln/contracts';
import { resolve } from 'node:path';
import { IncomingMediaStorage, LocalDiskIncomingMedia } from './media-storage';
import type { S3IncomingMedia } from './s3-incoming-media';

/**
 * The storage chosen by configuration (ADR 0050): `KILN_STORAGE=local` (the default, under
 * `KILN_STORAGE_DIR`) or `s3` (`KILN_S3_*`). The assets service reads the same variables, so both see
 * the same files.
 */
export function incomingMediaStorage(env: Record<string, string | undefined>): IncomingMediaStorage {
  const settings = storageSettings(env);
  if (settings.kind === 'local') return new LocalDiskIncomingMedia(resolve(settings.dir));
  // Loaded only when chosen: the AWS SDK costs a BFF on local disk ~5 MiB at idle (ADR 0016).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const s3 = require('./s3-incoming-media') as { S3IncomingMedia: typeof S3IncomingMedia };
  return new s3.S3IncomingMedia(settings);
}
