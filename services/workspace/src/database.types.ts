import { Generated } from 'kysely';

type Timestamp = Date;

/** Tables of the `workspace` schema (write side, read models, plumbing). */
export interface WorkspaceDatabase {
  users: { id: string; email: string; full_name: string; password_hash: string; created_at: Timestamp };
  sessions: { token_hash: string; user_id: string; created_at: Timestamp; expires_at: Timestamp };
  login_failures: { id: Generated<number>; email: string; ip: string; at: Timestamp };
  models: ModelRow;
  /** Read model of models, built by ProjectModelsOnModelEvents; deleted models stay as tombstones. */
  model_view: ModelRow & { deleted_at: Generated<Date | null> };
  /** Read model of people, built by ProjectUsersOnUserRegistered. */
  user_view: { id: string; full_name: string; email: string; avatar: unknown | null; created_at: Timestamp };
  outbox: { position: Generated<number>; event_id: string; type: string; payload: unknown; created_at: Generated<Date>; published_at: Date | null };
  processed_events: { consumer: string; event_id: string; processed_at: Generated<Date> };
}

export interface ModelRow {
  id: string;
  name: string;
  description: string;
  author_id: string;
  contributor_id: string | null;
  team_id: string | null;
  project_id: string | null;
  product_id: string | null;
  published_at: Timestamp | null;
  shared_with_everyone: string;
  hidden: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: number;
}

export const SCHEMA = 'workspace';
