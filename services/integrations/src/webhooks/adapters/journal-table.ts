/**
 * Where the integrations journal keeps the events (H6's table, ADR 0066): the webhook adapters read it by its
 * global position. One place names it.
 */
export const JOURNAL = {
  table: 'integrations.event_journal',
  position: 'position',
  eventId: 'event_id',
  type: 'type',
  occurredAt: 'occurred_at',
  event: 'event',
  audience: 'audience',
  area: 'area',
} as const;

/**
 * Endpoint creation against the fan-out (ADR 0067, amended): a fan-out holds this advisory lock shared, a creation
 * exclusive. A fan-out's statements then run after any creation in progress has committed, so it never moves its
 * cursor past events an endpoint committing meanwhile starts before.
 */
export const FAN_OUT_LOCK = 'integrations.webhook_fanout';
