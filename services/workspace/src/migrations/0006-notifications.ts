import { Kysely, sql } from 'kysely';
import { SCHEMA } from '../database.types';

/**
 * In-app notifications (ADR 0021). Write side: `notifications`, made by reactions to team and share
 * events and changed by the mark-read commands; `(source_event_id, recipient_id)` is the natural key, so
 * a repeated or replayed event never makes a second one. `notification_subjects_deleted` remembers the
 * teams and models whose deletion disabled their notifications, so one made later (a lagging reaction)
 * is born disabled. Read side: `notification_view`, projected from `workspace.notification.*`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema.withSchema(SCHEMA);
  const table = (name: string) => sql.id(SCHEMA, name);

  const columns = (t: ReturnType<Kysely<any>['schema']['createTable']>) =>
    t
      .addColumn('id', 'char(24)', (c) => c.primaryKey())
      .addColumn('recipient_id', 'char(24)', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('data', 'jsonb', (c) => c.notNull())
      .addColumn('read', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull());

  await columns(s.createTable('notifications'))
    .addColumn('source_event_id', 'text', (c) => c.notNull())
    .addColumn('team_id', 'char(24)')
    .addColumn('model_id', 'char(24)')
    .addUniqueConstraint('notifications_source_recipient', ['source_event_id', 'recipient_id'])
    .execute();
  // Mark-all-read finds the recipient's unread ones; deletions find a team's or a model's live ones.
  await sql`CREATE INDEX notifications_recipient_unread ON ${table('notifications')} (recipient_id, created_at) WHERE NOT read`.execute(db);
  await sql`CREATE INDEX notifications_team ON ${table('notifications')} (team_id) WHERE team_id IS NOT NULL AND NOT disabled`.execute(db);
  await sql`CREATE INDEX notifications_model ON ${table('notifications')} (model_id) WHERE model_id IS NOT NULL AND NOT disabled`.execute(db);

  await s
    .createTable('notification_subjects_deleted')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'char(24)', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_subjects_deleted_pk', ['kind', 'subject_id'])
    .execute();

  await columns(s.createTable('notification_view')).execute();
  // The panel's page (newest first) and allCount: index-only per recipient.
  await sql`CREATE INDEX notification_view_recipient_created ON ${table('notification_view')} (recipient_id, created_at DESC, id DESC)`.execute(db);
  // The badge's unreadCount is read on every page load: a small partial index, counted index-only.
  await sql`CREATE INDEX notification_view_recipient_unread ON ${table('notification_view')} (recipient_id) WHERE NOT read AND NOT disabled`.execute(db);
}
