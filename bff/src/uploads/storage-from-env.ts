import { storageSettings } from '@kiln/contracts';
import { resolve } from 'node:path';
import { IncomingMediaStorage, LocalDiskIncomingMedia } from './media-storage';
import { S3IncomingMedia } from './s3-incoming-media';

/**
 * The storage chosen by configuration (ADR 0050): `KILN_STORAGE=local` (the default, under
 * `KILN_STORAGE_DIR`) or `s3` (`KILN_S3_*`). The assets service reads the same variables, so both see
 * the same files.
 */
export function incomingMediaStorage(env: Record<string, string | undefined>): IncomingMediaStorage {
  const settings = storageSettings(env);
  return settings.kind === 'local' ? new LocalDiskIncomingMedia(resolve(settings.dir)) : new S3IncomingMedia(settings);
}
