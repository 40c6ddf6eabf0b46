import { Module } from '@nestjs/common';
import { COMMERCE_STREAM, WORKSPACE_STREAM } from '@kiln/contracts';
import { CLOCK, KilnServiceModule, limitCommandsPerUser, rpcController, systemClock } from '@kiln/service-kit';
import { commerceProjections, commerceProviders, commerceRoutes } from './commerce.routes';
import { SCHEMA } from './database.types';
import { commerceMigrations } from './migrations';

/**
 * The commerce context (event-sourced, ADR 0022): products and their moderation, and the business
 * records (materials, services, catalog; ADR 0029) on the same event store. Its areas: commerce.routes.ts.
 */
@Module({
  imports: [
    KilnServiceModule.forService({
      service: 'commerce',
      schema: SCHEMA,
      migrations: commerceMigrations,
      // WORKSPACE_EVENTS too: business records follow team roles (ADR 0029), whichever service starts first.
      streams: [COMMERCE_STREAM, WORKSPACE_STREAM],
      projections: commerceProjections,
      beforeCommand: limitCommandsPerUser(),
    }),
  ],
  controllers: [rpcController('CommerceRpcController', commerceRoutes)],
  providers: [{ provide: CLOCK, useValue: systemClock }, ...commerceProviders],
})
export class CommerceModule {}
