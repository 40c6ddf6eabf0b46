import * as initial from './0001-initial';
import * as plugins from './0002-plugins';
import * as buildQueue from './0003-build-queue';

export const pluginRegistryMigrations = {
  '0001-initial': initial,
  '0002-plugins': plugins,
  '0003-build-queue': buildQueue,
};
