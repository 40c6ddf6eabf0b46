import type { AnyEventEnvelope, WebhookDelivery } from '@kiln/contracts';
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
  position: string;
  /** The event as published (null: no longer in the journal). */
  event: AnyEventEnvelope | null;
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

/** The events of a batch the endpoint's owner may see now (the journal's visibility rule, ADR 0066). */
export type VisibleFilter = (endpoint: WebhookEndpointRecord, events: AnyEventEnvelope[]) => Promise<AnyEventEnvelope[]>;

/** The deliveries and their log. */
export interface WebhookDeliveries {
  /**
   * Makes the deliveries of the journal's next events (after the fan-out cursor, at most `limit`) for every enabled
   * endpoint that wants them (type and scope; ADR 0067), and moves the cursor; one instance at a time. Answers how
   * many events it read.
   */
  fanOut(limit: number, now: Date, visible: VisibleFilter): Promise<number>;
  /**
   * Takes up to `limit` due deliveries (row locks, SKIP LOCKED: two workers never take the same one), at most
   * `perEndpoint` in flight per endpoint, an ordered endpoint's later event of a record only once the earlier is
   * done; each claim counts as the next attempt and is leased until `now + leaseMs`.
   */
  claim(limit: number, perEndpoint: number, leaseMs: number, now: Date): Promise<ClaimedDelivery[]>;
  /** Records the attempt and its verdict, unless another claim took the delivery since (a lease that ran out). */
  finish(claim: ClaimedDelivery, outcome: AttemptOutcome, verdict: AttemptVerdict): Promise<void>;
  /** `finish` for several attempts at once (one statement for all but an endpoint's disabling). */
  finishMany(items: { claim: ClaimedDelivery; outcome: AttemptOutcome; verdict: AttemptVerdict }[]): Promise<void>;
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
