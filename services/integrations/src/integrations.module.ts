import { Module } from '@nestjs/common';
import { ASSETS_STREAM, COMMERCE_STREAM, INTEGRATIONS_STREAM, PLUGIN_REGISTRY_STREAM, WEBHOOK_LOG_DAYS, WORKSPACE_STREAM } from '@kiln/contracts';
import { CLOCK, KilnServiceModule, limitCommandsPerUser, rpcController, systemClock } from '@kiln/service-kit';
import { integrationsProjections, integrationsProviders, integrationsRoutes } from './integrations.routes';
import { integrationsMigrations } from './migrations';
import { SCHEMA } from './schema';
import { journalPruneHook, readJournalRetentionMs } from './journal/adapters/pg-journal-pruning';
import { webhookPruneHook } from './webhooks/adapters/pg-webhook-deliveries';

/**
 * The integrations context (issue 21): the event journal every outside program reads (`GET /api/events`, ADR 0066)
 * and outgoing webhooks (ADR 0067). It reads the four event streams with durable consumers (created here when a
 * stream is not there yet, whichever service starts first). Its areas: integrations.routes.ts.
 */
@Module({
  imports: [
    KilnServiceModule.forService({
      service: 'integrations',
      schema: SCHEMA,
      migrations: integrationsMigrations,
      streams: [INTEGRATIONS_STREAM, WORKSPACE_STREAM, PLUGIN_REGISTRY_STREAM, ASSETS_STREAM, COMMERCE_STREAM],
      projections: integrationsProjections,
      beforeCommand: limitCommandsPerUser(),
      // The webhook delivery log is kept WEBHOOK_LOG_DAYS days (ADR 0067); the journal 90 days by default (ADR 0066).
      prune: { webhooks: webhookPruneHook(WEBHOOK_LOG_DAYS), journal: journalPruneHook(readJournalRetentionMs()) },
    }),
  ],
  controllers: [rpcController('IntegrationsRpcController', integrationsRoutes)],
  providers: [{ provide: CLOCK, useValue: systemClock }, ...integrationsProviders],
})
export class IntegrationsModule {}
