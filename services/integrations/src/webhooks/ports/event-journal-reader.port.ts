import type { AnyEventEnvelope } from '@kiln/contracts';

/** The events webhooks deliver, read from the integrations journal (its global position orders them). */
export interface EventJournalReader {
  /** The journal's current end (the position of its last event, '0' when empty). */
  head(): Promise<string>;
  /** The position of an event id, or null when the journal does not hold it. */
  positionOf(eventId: string): Promise<string | null>;
  /** The position just before the first event that occurred at or after `time`. */
  positionBefore(time: Date): Promise<string>;
  /** One event by id, as published. */
  event(eventId: string): Promise<AnyEventEnvelope | null>;
}

export const EVENT_JOURNAL_READER = Symbol('EventJournalReader');
