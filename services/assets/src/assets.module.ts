import { Module } from '@nestjs/common';
import { KilnServiceModule, limitCommandsPerUser, rpcController } from '@kiln/service-kit';
import { mediaRoutes } from './media/media.routes';
import { UploadSweeper } from './media/upload-sweeper';
import * as initial from './migrations/0001-initial';
import * as media from './migrations/0002-media';
import { LocalDiskMediaFiles, MEDIA_FILES } from './storage/media-files';

/** The assets context: today the uploaded media plugins need (ADR 0033); asset libraries come with their issue. */
@Module({
  imports: [
    KilnServiceModule.forService({
      service: 'assets',
      schema: 'assets',
      migrations: { '0001-initial': initial, '0002-media': media },
      streams: [{ name: 'ASSETS_EVENTS', subjects: ['evt.assets.>'] }],
      projections: [],
      beforeCommand: limitCommandsPerUser(),
    }),
  ],
  controllers: [rpcController('AssetsRpcController', mediaRoutes)],
  providers: [{ provide: MEDIA_FILES, useFactory: () => new LocalDiskMediaFiles() }, UploadSweeper],
})
export class AssetsModule {}
