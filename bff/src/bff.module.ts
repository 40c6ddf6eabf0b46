import { Module } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { natsConnectionOptions, readConfig } from '@kiln/service-kit';
import { AuthController } from './auth/auth.controller';
import { SessionGuard } from './auth/session.guard';
import { SessionResolver } from './auth/session-resolver';
import { DocsController } from './docs/docs.controller';
import { HealthController } from './health/health.controller';
import { contractRoutesController } from './http/contract-routes';
import { RealtimeGateway } from './realtime/realtime.gateway';
import { NATS_CLIENT, ServiceClient } from './services/service-client';
import { INCOMING_MEDIA_STORAGE, LocalDiskIncomingMedia } from './uploads/media-storage';
import { UploadController } from './uploads/upload.controller';

@Module({
  imports: [
    ClientsModule.register([{ name: NATS_CLIENT, transport: Transport.NATS, options: natsConnectionOptions(readConfig(), 'kiln-bff-rpc') }]),
  ],
  controllers: [AuthController, contractRoutesController(), DocsController, HealthController, UploadController],
  providers: [ServiceClient, SessionResolver, SessionGuard, RealtimeGateway, { provide: INCOMING_MEDIA_STORAGE, useFactory: () => new LocalDiskIncomingMedia() }],
})
export class BffModule {}
