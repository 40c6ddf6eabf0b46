import { Module } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { readConfig } from '@kiln/service-kit';
import { AuthController } from './auth/auth.controller';
import { SessionGuard } from './auth/session.guard';
import { DocsController } from './docs/docs.controller';
import { HealthController } from './health/health.controller';
import { RealtimeGateway } from './realtime/realtime.gateway';
import { NATS_CLIENT, ServiceClient } from './services/service-client';
import { ModelsController } from './workspace/models.controller';

@Module({
  imports: [
    ClientsModule.register([{ name: NATS_CLIENT, transport: Transport.NATS, options: { servers: readConfig().natsUrl.split(',') } }]),
  ],
  controllers: [AuthController, ModelsController, DocsController, HealthController],
  providers: [ServiceClient, SessionGuard, RealtimeGateway],
})
export class BffModule {}
