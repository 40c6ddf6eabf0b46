import * as journal from './0001-journal';
import * as webhooks from './0002-webhooks';
import * as webhookClaims from './0003-webhook-claims';

export const integrationsMigrations = {
  '0001-journal': journal,
  '0002-webhooks': webhooks,
  '0003-webhook-claims': webhookClaims,
};
