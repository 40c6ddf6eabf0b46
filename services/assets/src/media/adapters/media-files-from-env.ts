import { storageSettings } from '@kiln/contracts';
import { resolve } from 'node:path';
import { MediaFiles } from '../ports/media-files.port';
import { LocalDiskMediaFiles } from './local-disk-media-files';
import { S3MediaFiles } from './s3-media-files';

/** The storage chosen by configuration, the same the BFF streams into (ADR 0050): local disk by default, or an S3-compatible bucket. */
export function mediaFilesFromEnv(env: Record<string, string | undefined>): MediaFiles {
  const settings = storageSettings(env);
  return settings.kind === 'local' ? new LocalDiskMediaFiles(resolve(settings.dir)) : new S3MediaFiles(settings);
}
