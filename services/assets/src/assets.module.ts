import { Module } from '@nestjs/common';
import { KilnServiceModule, limitCommandsPerUser, rpcController } from '@kiln/service-kit';
import { FontkitFontReader } from './fonts/adapters/fontkit-font-reader';
import { fontsRoutes } from './fonts/fonts.routes';
import { FONT_READER } from './fonts/ports/font-reader.port';
import { DescribeFontHandler } from './fonts/queries/describe-font/describe-font.handler';
import { mediaFilesFromEnv } from './media/adapters/media-files-from-env';
import { PgMediaRepository } from './media/adapters/pg-media.repository';
import { RegisterMediaHandler } from './media/commands/register-media/register-media.handler';
import { mediaRoutes } from './media/media.routes';
import { MEDIA_FILES } from './media/ports/media-files.port';
import { MEDIA_REPOSITORY } from './media/ports/media.repository.port';
import { GetMediaHandler } from './media/queries/get-media/get-media.handler';
import { GetMediaRecordsHandler } from './media/queries/get-media-records/get-media-records.handler';
import { UploadSweeper } from './media/upload-sweeper';
import { LocalMediaPreviews } from './media/adapters/previews/media-previews';
import { MEDIA_PREVIEWS } from './media/ports/media-previews.port';
import { MEDIA_PROCESSING_CONFIG, MediaProcessor, mediaProcessingConfig } from './media/reactions/media-processor';
import { ProcessMediaOnMediaRegistered } from './media/reactions/process-media-on-media-registered';
import * as mediaDerived from './migrations/0003-media-derived';
import * as mediaOrigin from './migrations/0004-media-origin';
import * as initial from './migrations/0001-initial';
import * as media from './migrations/0002-media';

/** The assets context: today the uploaded media plugins need (ADR 0033); asset libraries come with their issue. */
@Module({
  imports: [
    KilnServiceModule.forService({
      service: 'assets',
      schema: 'assets',
      migrations: { '0001-initial': initial, '0002-media': media, '0003-media-derived': mediaDerived, '0004-media-origin': mediaOrigin },
      streams: [{ name: 'ASSETS_EVENTS', subjects: ['evt.assets.>'] }],
      projections: [ProcessMediaOnMediaRegistered],
      beforeCommand: limitCommandsPerUser(),
    }),
  ],
  controllers: [rpcController('AssetsRpcController', mediaRoutes), rpcController('AssetsFontsRpcController', fontsRoutes)],
  providers: [
    { provide: MEDIA_FILES, useFactory: () => mediaFilesFromEnv(process.env) },
    { provide: MEDIA_REPOSITORY, useClass: PgMediaRepository },
    RegisterMediaHandler,
    GetMediaHandler,
    GetMediaRecordsHandler,
    UploadSweeper,
    { provide: MEDIA_PREVIEWS, useFactory: () => LocalMediaPreviews.fromEnv(process.env) },
    { provide: MEDIA_PROCESSING_CONFIG, useFactory: () => mediaProcessingConfig(process.env) },
    MediaProcessor,
    { provide: FONT_READER, useClass: FontkitFontReader },
    DescribeFontHandler,
  ],
})
export class AssetsModule {}
