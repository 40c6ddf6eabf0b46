/** The Postgres schema this service owns. */
export const SCHEMA = 'plugin_registry';
