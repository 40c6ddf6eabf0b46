import * as journal from './0001-journal';
import * as webhooks from './0002-webhooks';

export const integrationsMigrations = {
  '0001-journal': journal,
  '0002-webhooks': webhooks,
};
