import * as initial from './0001-initial';
import * as plugins from './0002-plugins';

export const pluginRegistryMigrations = {
  '0001-initial': initial,
  '0002-plugins': plugins,
};
