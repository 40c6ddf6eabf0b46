import { Module } from '@nestjs/common';
import { AssetItemFilesController } from './asset-items/asset-item-files.controller';
import { AccessTokensController } from './auth/access-tokens.controller';
import { AuthController } from './auth/auth.controller';
import { SessionGuard } from './auth/session.guard';
import { SessionResolver } from './auth/session-resolver';
import { DocsController } from './docs/docs.controller';
import { FontsController, GOOGLE_FONT_FETCHER } from './fonts/fonts.controller';
import { MediaRecordsController } from './uploads/media-records.controller';
import { GoogleFontFetcher } from './fonts/google-font-fetch';
import { HealthController } from './health/health.controller';
import { OrderDocumentsController } from './order-documents/order-documents.controller';
import { RealtimeGateway } from './realtime/realtime.gateway';
import { ServiceClient } from './services/service-client';
import { INCOMING_MEDIA_STORAGE } from './uploads/media-storage';
import { incomingMediaStorage } from './uploads/storage-from-env';
import { UploadController } from './uploads/upload.controller';
import { EventStreams } from './events/event-streams';

@Module({
  controllers: [
    AuthController,
    DocsController,
    HealthController,
    UploadController,
    MediaRecordsController,
    AssetItemFilesController,
    FontsController,
    OrderDocumentsController,
    AccessTokensController,
  ],
  providers: [
    ServiceClient,
    SessionResolver,
    SessionGuard,
    RealtimeGateway,
    EventStreams,
    { provide: INCOMING_MEDIA_STORAGE, useFactory: () => incomingMediaStorage(process.env) },
    { provide: GOOGLE_FONT_FETCHER, useFactory: () => new GoogleFontFetcher() },
  ],
})
export class BffModule {}
