import type { Selectable } from 'kysely';
import type { DB, Models } from './database.generated';

/**
 * Tables of the `workspace` schema (write side, read models, plumbing), generated from the migrations
 * into database.generated.ts by `npm run db:types`; a medium test fails when they drift apart.
 */
export type WorkspaceDatabase = DB;

/** A row of `models` as read (`model_view` has the same columns plus `deleted_at`). */
export type ModelRow = Selectable<Models>;

export const SCHEMA = 'workspace';
