import type { DB } from './database.generated';

/** Tables of the `plugin_registry` schema, generated from the migrations by `npm run db:types`. */
export type PluginRegistryDatabase = DB;

/** The Postgres schema this service owns. */
export const SCHEMA = 'plugin_registry';
