import { AreaRoutes } from '@kiln/service-kit';
import { journalRoutes } from './journal/journal.routes';
import { webhooksRoutes } from './webhooks/webhooks.routes';

/**
 * Every area of the integrations service (issue 21): the event journal and its replay (ADR 0066), webhooks
 * (ADR 0067). The module takes its providers and the RPC controller its routes from here: an area is one line.
 */
export const integrationsAreas: AreaRoutes[] = [journalRoutes, webhooksRoutes];

/** Every request the integrations service answers on NATS: subject → use case. */
export const integrationsRoutes = integrationsAreas.flatMap((area) => area.routes);
export const integrationsProviders = integrationsAreas.flatMap((area) => area.providers);
export const integrationsProjections = integrationsAreas.flatMap((area) => area.projections);
