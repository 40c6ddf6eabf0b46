import { Kysely, sql } from 'kysely';
import { createPlumbingTables } from '@kiln/service-kit';

/**
 * The plumbing every service has (outbox, processed events), and the event journal (issue 21; ADR 0066): every
 * integration event of the four streams once (`event_id` unique), in `position` order. Positions are given under
 * one lock, so a reader never sees a later position before an earlier one commits. `audience` holds the push rooms
 * that may see the event (ADR 0019), `area` its access-token area (ADR 0065), both derived when it is journaled.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createPlumbingTables(db, 'integrations');
  await sql`CREATE TABLE integrations.event_journal (
    position bigserial PRIMARY KEY,
    event_id text NOT NULL UNIQUE,
    type text NOT NULL,
    stream text NOT NULL,
    occurred_at timestamptz NOT NULL,
    audience text[] NOT NULL,
    area text,
    event jsonb NOT NULL,
    journaled_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX event_journal_audience ON integrations.event_journal USING gin (audience)`.execute(db);
  await sql`CREATE INDEX event_journal_type ON integrations.event_journal (type, position)`.execute(db);
  await sql`CREATE INDEX event_journal_occurred ON integrations.event_journal (occurred_at)`.execute(db);
}
