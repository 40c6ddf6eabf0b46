import type { JournalEntry } from '@kiln/contracts';

/** What a page of the journal is read with: after which position, which rooms and areas may see, which types. */
export interface JournalFilter {
  after: string;
  /** The caller's current push rooms: an event is visible when its audience shares one. */
  rooms: string[];
  /** The token areas the caller may read, or null for a whole-account caller (every area, and events of none). */
  areas: string[] | null;
  /** Only these event types, or null for all. */
  types: string[] | null;
  limit: number;
}

/** What a waiting reader is told of a newly journaled event, to decide whether to look. */
export interface NewEntry {
  type: string;
  audience: string[];
  area: string | null;
}

/** A journaled event with who may see it, as the journal holds it. */
export interface JournaledEvent extends JournalEntry {
  audience: string[];
  area: string | null;
}

/**
 * The event journal (ADR 0066): every integration event once, in position order. Positions are strings (bigint).
 * Read by the replay endpoint and by webhooks (ADR 0067).
 */
export interface EventJournal {
  /** The visible events after `filter.after`, in order, at most `limit`. */
  page(filter: JournalFilter): Promise<JournalEntry[]>;
  /** Events after a position, in order, with their audience (webhooks check visibility per endpoint owner). */
  entriesAfter(after: string, limit: number, types?: string[] | null): Promise<JournaledEvent[]>;
  /** The position of the last event, '0' when the journal is empty. */
  head(): Promise<string>;
  /** The position of an event id, or null when the journal does not hold it. */
  positionOf(eventId: string): Promise<string | null>;
  /** The position just before the first event that occurred at or after `time`. */
  positionBefore(time: Date): Promise<string>;
  /** One journaled event by id. */
  entry(eventId: string): Promise<JournaledEvent | null>;
  /** The last position pruned (every event up to it is gone), '0' when nothing was. */
  prunedThrough(): Promise<string>;
  /**
   * Resolves at the next commit (any instance's) of new events `interested` says yes to (any, without it), or after
   * `ms` at the latest; `cancel` stops waiting. Ask for it BEFORE reading, so a commit between the read and the wait
   * is not missed.
   */
  nextCommit(ms: number, interested?: (entry: NewEntry) => boolean): { done: Promise<void>; cancel: () => void };
  /** True once the instance is shutting down: waiting readers answer what they have at once. */
  readonly stopping: boolean;
}

export const EVENT_JOURNAL = Symbol('EventJournal');
