import type { DB } from './database.generated';

/** Tables of the `commerce` schema, generated from the migrations by `npm run db:types`. */
export type CommerceDatabase = DB;

export const SCHEMA = 'commerce';
