import { Inject, Injectable, Logger, OnApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { MEDIA_FILES, MediaFiles } from './ports/media-files.port';

const HOUR = 60 * 60 * 1000;

/** Removes uploads nobody registered (a BFF stopped mid-upload) once they are an hour old; at start, then hourly. */
@Injectable()
export class UploadSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('uploads');
  private timer?: NodeJS.Timeout;

  constructor(@Inject(MEDIA_FILES) private readonly files: MediaFiles) {}

  onApplicationBootstrap(): void {
    const sweep = () =>
      void this.files.sweepUploads(HOUR).then(
        (n) => n && this.logger.log(`removed ${n} abandoned upload(s)`),
        (e: Error) => this.logger.warn(`sweeping uploads: ${e.message}`),
      );
    sweep();
    this.timer = setInterval(sweep, HOUR);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
