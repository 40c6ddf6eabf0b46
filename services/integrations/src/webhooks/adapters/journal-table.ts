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
