import 'reflect-metadata';
import { Controller, DynamicModule, INestMicroservice, Inject, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { MessagePattern, MicroserviceOptions, Transport } from '@nestjs/microservices';
import { healthSubject, ServiceName } from '@kiln/contracts';
import { KilnConfig, nsSubject, readConfig } from '../config';
import { RpcErrorFilter } from './rpc-error.filter';
import { DB, ServiceDefinition, ServiceRuntime } from './service-runtime';

function healthController(service: ServiceName): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(@Inject(ServiceRuntime) private readonly runtime: ServiceRuntime) {}

    @MessagePattern(nsSubject(healthSubject(service)))
    async health() {
      return { service, status: 'ok' as const, ...(await this.runtime.healthy()) };
    }
  }
  return HealthController;
}

/**
 * The module every service imports: CQRS, the runtime (db, NATS, outbox relay, projections), the
 * `DB` token for repositories, and the health answer.
 */
@Module({})
export class KilnServiceModule {
  static forService(definition: ServiceDefinition & { service: ServiceName }, config: KilnConfig = readConfig()): DynamicModule {
    return {
      module: KilnServiceModule,
      global: true,
      imports: [CqrsModule.forRoot()],
      controllers: [healthController(definition.service)],
      providers: [
        { provide: ServiceRuntime, useFactory: () => new ServiceRuntime(definition, config) },
        { provide: DB, useFactory: (runtime: ServiceRuntime) => runtime.db, inject: [ServiceRuntime] },
      ],
      exports: [ServiceRuntime, DB, CqrsModule],
    };
  }
}

/** Starts a service as a NATS microservice in the queue group named after it (so instances share work). */
export async function startService(service: ServiceName, appModule: Type<unknown>, config: KilnConfig = readConfig()): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(appModule, {
    transport: Transport.NATS,
    options: { servers: config.natsUrl.split(','), queue: nsSubject(`kiln-${service}`) },
    logger: ['error', 'warn', 'log'],
  });
  app.useGlobalFilters(new RpcErrorFilter());
  app.enableShutdownHooks();
  await app.listen();
  return app;
}
