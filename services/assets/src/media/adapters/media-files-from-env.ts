import { storageSettings } from '@kiln/contracts';
import { resolve } from 'node:path';
import { MediaFiles } from '../ports/media-files.port';
import { LocalDiskMediaFiles } from './local-disk-media-files';
import type { S3MediaFiles } from './s3-media-files';

/** The storage chosen by configuration, the same the BFF streams into (ADR 0050): local disk by default, or an S3-compatible bucket. */
export function mediaFilesFromEnv(env: Record<string, string | undefined>): MediaFiles {
  const settings = storageSettings(env);
  if (settings.kind === 'local') return new LocalDiskMediaFiles(resolve(settings.dir));
  // Loaded only when chosen: the AWS SDK costs an idle service on local disk ~5 MiB (ADR 0016).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const s3 = require('./s3-media-files') as { S3MediaFiles: typeof S3MediaFiles };
  return new s3.S3MediaFiles(settings);
}
