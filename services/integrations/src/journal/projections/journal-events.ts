import { AnyEventEnvelope, ASSETS_STREAM, COMMERCE_STREAM, PLUGIN_REGISTRY_STREAM, WORKSPACE_STREAM } from '@kiln/contracts';
import { AnyTrx, Projection } from '@kiln/service-kit';
import { sql } from 'kysely';
import { JOURNAL_CHANNEL } from '../../schema';
import { audienceOf } from '../visibility';

/** The one lock every journal write takes (ADR 0066): positions are then given, and committed, in one order. */
export const JOURNAL_LOCK = 'integrations.event_journal';

/**
 * Journals a batch: under the journal's lock (held to the commit, so no later position commits before an earlier
 * one: a reader resuming after a cursor never skips an event that committed late), each event not journaled
 * before gets the next position, with its audience and area; the commit wakes the waiting readers of every
 * instance. A repeated delivery, from NATS or from a re-fed stream, is dropped by `event_id`.
 */
export async function journalEvents(trx: AnyTrx, stream: string, events: AnyEventEnvelope[]): Promise<void> {
  const rows = events.map((event) => ({ ...audienceOf(event), eventId: event.eventId, type: event.type, occurredAt: event.occurredAt, event }));
  await sql`SELECT pg_advisory_xact_lock(hashtext(${JOURNAL_LOCK}))`.execute(trx);
  await sql`
    WITH added AS (
      INSERT INTO integrations.event_journal (event_id, type, stream, occurred_at, audience, area, event)
      SELECT r->>'eventId', r->>'type', ${stream}, (r->>'occurredAt')::timestamptz,
             ARRAY(SELECT jsonb_array_elements_text(r->'audience')), r->>'area', r->'event'
      FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) WITH ORDINALITY AS t(r, n)
      ORDER BY n
      ON CONFLICT (event_id) DO NOTHING
      RETURNING position)
    SELECT pg_notify(${JOURNAL_CHANNEL}, '') FROM (SELECT 1 FROM added LIMIT 1) AS any_added`.execute(trx);
}

/** A durable consumer of one stream that journals every event of it (`JournalEventsOn<Stream>`). */
function journalOn(name: string, stream: string, subject: string): Projection {
  return {
    name,
    stream,
    subject,
    apply: (trx, event) => journalEvents(trx, stream, [event]),
    applyBatch: (trx, events) => journalEvents(trx, stream, events),
    // The journal is its own record: the streams (and the services' outboxes re-fed) are its source, not state tables.
    rebuild: () => Promise.resolve(0),
  };
}

export const JournalEventsOnWorkspaceEvents = journalOn('journal-events-on-workspace-events', WORKSPACE_STREAM.name, 'workspace.>');
export const JournalEventsOnPluginRegistryEvents = journalOn('journal-events-on-plugin-registry-events', PLUGIN_REGISTRY_STREAM.name, 'plugin-registry.>');
export const JournalEventsOnAssetsEvents = journalOn('journal-events-on-assets-events', ASSETS_STREAM.name, 'assets.>');
export const JournalEventsOnCommerceEvents = journalOn('journal-events-on-commerce-events', COMMERCE_STREAM.name, 'commerce.>');

/** The four streams of issue 21, each journaled by its own consumer (one filter subject each, ADR 0006). */
export const journalProjections: Projection[] = [
  JournalEventsOnWorkspaceEvents,
  JournalEventsOnPluginRegistryEvents,
  JournalEventsOnAssetsEvents,
  JournalEventsOnCommerceEvents,
];
