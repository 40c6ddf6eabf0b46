import type { WebhookDelivery } from '@kiln/contracts';
import type { WebhookEndpointRecord } from './webhook-endpoints.port';

/** A delivery taken by one worker for one attempt (no other worker has it until `leaseUntil`). */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  /** The attempt this claim is (1 for the first ever). */
  attempt: number;
  /** Attempts since the last redelivery or replay: where the retry schedule stands. */
  scheduleAttempt: number;
  firstAttemptAt: Date;
  /** Until when no other worker takes it: an attempt not begun a timeout (and a margin) before is given back. */
  leaseUntil: Date;
  position: string;
  /**
   * The event as the journal holds it (the published envelope, in Postgres' text of its jsonb), the body sent as it is
   * (null: no longer in the journal). It is not parsed: a claim waiting its turn holds one string.
   */
  body: string | null;
  /** Who may see the event (its push rooms) and its token area, as the journal derived them when it took it. */
  audience: string[];
  area: string | null;
  /** The endpoint as it is at the claim. */
  endpoint: WebhookEndpointRecord;
}

export interface AttemptOutcome {
  at: Date;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  response: string;
}

/** What becomes of a delivery after an attempt. */
export type AttemptVerdict =
  | { status: 'delivered' }
  | { status: 'pending'; nextAttemptAt: Date }
  | { status: 'failed'; disableEndpoint: { reason: string } | null }
  | { status: 'skipped' };

/** An attempt made, to be recorded with what becomes of its delivery. */
export interface AttemptRecord {
  claim: ClaimedDelivery;
  outcome: AttemptOutcome;
  verdict: AttemptVerdict;
}

/**
 * What a claim takes: due deliveries, each endpoint's first ones, at most `limit` in all, and for each endpoint at most
 * its window (the deliveries of it leased at once, by all workers; `defaultWindow` for an endpoint not listed).
 */
export interface ClaimRequest {
  limit: number;
  windows: { endpointId: string; size: number }[];
  defaultWindow: number;
  leaseMs: number;
  now: Date;
}

/**
 * The journaled events of a batch the endpoint's owner may see now (the journal's visibility rule, ADR 0066: the
 * owner's rooms now against each event's audience and area as journaled).
 */
export type VisibleFilter = <E extends { audience: string[]; area: string | null }>(endpoint: WebhookEndpointRecord, entries: E[]) => Promise<E[]>;

/** The deliveries and their log. */
export interface WebhookDeliveries {
  /**
   * Makes the deliveries of the journal's next events (after the fan-out cursor, at most `limit`) for every enabled
   * endpoint that wants them (type and scope; ADR 0067), and moves the cursor; one instance at a time. Answers how
   * many events it read.
   */
  fanOut(limit: number, now: Date, visible: VisibleFilter): Promise<number>;
  /**
   * In one statement: records the attempts that ended (each only if its delivery is still at that attempt: a lease
   * that ran out was taken by a newer one) and, if asked, claims due deliveries (row locks, SKIP LOCKED: two workers
   * never take the same one; an ordered endpoint's later event of a record only once the earlier is done), each claim
   * being the next attempt, leased until `now + leaseMs`. An attempt that disables its endpoint is recorded first,
   * alone. Answers the claims.
   */
  recordAndClaim(records: AttemptRecord[], claim: ClaimRequest | null): Promise<ClaimedDelivery[]>;
  /** Records one attempt and its verdict (as `recordAndClaim`). */
  finish(claim: ClaimedDelivery, outcome: AttemptOutcome, verdict: AttemptVerdict): Promise<void>;
  /** Gives back claims whose attempt was not made (the attempt is not counted): due again now, for any worker. */
  giveBack(claims: ClaimedDelivery[], now: Date): Promise<void>;
  /** Puts a delivery back to pending, due now, with a new schedule. */
  redeliver(endpointId: string, deliveryId: string, now: Date): Promise<boolean>;
  /** Queues again every journal event after `position` the endpoint wants (at most `max`); answers how many. */
  replay(endpointId: string, afterPosition: string, max: number, now: Date, visible: VisibleFilter): Promise<number>;
  /** The log, newest first, with the attempts. */
  list(endpointId: string, skip: number, pageSize: number): Promise<{ data: WebhookDelivery[]; total: number }>;
  get(endpointId: string, deliveryId: string): Promise<WebhookDelivery | null>;
  /** Whether an endpoint had a delivered attempt since `since`. */
  deliveredSince(endpointId: string, since: Date): Promise<boolean>;
  /** Removes attempts, and finished deliveries, older than `before`; answers how many rows went. */
  prune(before: Date): Promise<number>;
}

export const WEBHOOK_DELIVERIES = Symbol('WebhookDeliveries');
