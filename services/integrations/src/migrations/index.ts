import * as journal from './0001-journal';
import * as webhooks from './0002-webhooks';
import * as webhookClaims from './0003-webhook-claims';
import * as journalHorizon from './0004-journal-horizon';

export const integrationsMigrations = {
  '0001-journal': journal,
  '0002-webhooks': webhooks,
  '0003-webhook-claims': webhookClaims,
  '0004-journal-horizon': journalHorizon,
};
