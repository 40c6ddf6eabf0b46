import * as journal from './0001-journal';

export const integrationsMigrations = {
  '0001-journal': journal,
};
