import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { WEBHOOK_MESSAGES } from '@kiln/contracts';
import { CheckedWebhookUrl, checkWebhookUrl, DomainError, isDelivered, nextRetryDelayMs, pickDeliveryAddress } from '@kiln/domain';
import type { KeyObject } from 'node:crypto';
import { CLOCK, type Clock, SECRET_BOX, type SecretBox } from '@kiln/service-kit';
import { WEBHOOK_ENDPOINTS, WebhookEndpoints } from './ports/webhook-endpoints.port';
import {
  AttemptOutcome,
  AttemptRecord,
  AttemptVerdict,
  ClaimedDelivery,
  ClaimRequest,
  VisibleFilter,
  WEBHOOK_DELIVERIES,
  WebhookDeliveries,
} from './ports/webhook-deliveries.port';
import { WEBHOOK_PEOPLE, WebhookPeople } from './ports/webhook-people.port';
import { WEBHOOK_TRANSPORT, WebhookTransport } from './ports/webhook-transport.port';
import { WEBHOOK_WAKEUPS, WebhookWakeups } from './ports/webhook-wakeups.port';
import { WEBHOOK_CONFIG, WebhookConfig } from './webhook-config';
import { signWebhook, webhookSigningKey } from './webhook-signature';

const FAN_OUT_BATCH = 500;
/** Attempts recorded in one statement at most (with the next claims). */
const RECORD_BATCH = 500;
/** Claims one worker holds (waiting their turn, being sent, or sent and not yet recorded): this × its concurrency. */
const HELD_PER_SLOT = 32;
/**
 * How long a claimed delivery is meant to wait for its endpoint's turn: an endpoint's window (how many of its
 * deliveries are leased at once) is as many rounds of its concurrent requests as its recent answers take in that time
 * (1 round for an endpoint timing out, at most MAX_ROUNDS for a fast one).
 */
const WAIT_BUDGET_MS = 1_000;
const MAX_ROUNDS = 256;
/** A claim's lease: the attempt's timeout, twice the wait budget, and this margin to record the attempt. */
const LEASE_MARGIN_MS = 15_000;
/** An attempt is begun only while its lease still covers its timeout and this (to record it): else it is given back. */
const SEND_MARGIN_MS = 10_000;
/** How much one attempt's duration moves an endpoint's average. */
const AVERAGE_WEIGHT = 0.2;
/** Endpoints remembered without claims held (their average duration). */
const LANES_KEPT = 1_000;

/** One endpoint's work in this worker. */
interface Lane {
  endpointId: string;
  /** Claimed, waiting for one of the endpoint's `perEndpoint` request slots. */
  queue: ClaimedDelivery[];
  /** Requests being sent. */
  active: number;
  /** Claims held: queued, being sent, or sent and not yet recorded. */
  held: number;
  /** Recent attempts' average duration (ms; a failure counts as the timeout); null before the first. */
  averageMs: number | null;
  /** The endpoint's signing key, its secret opened once per sealed value. */
  secret?: { sealed: string; key: KeyObject | null };
  /** The endpoint's URL as checked (the rule is the URL's alone; its host is still resolved at each attempt). */
  checked?: { url: string; result: CheckedWebhookUrl | { refused: string } };
}

/**
 * The webhook worker of one instance (ADR 0067): it makes deliveries from the journal (fan-out), claims due ones
 * with row locks (FOR UPDATE SKIP LOCKED: several instances never take the same delivery for the same attempt) in the
 * statement that records the attempts that just ended, holds each endpoint's claims in its own lane (at most
 * `perEndpoint` requests at a time to one endpoint, `concurrency` in all, an endpoint's window sized by how fast it
 * answers, so a dead endpoint holds only its own slots), and sleeps until Postgres tells it of new journal rows or
 * due deliveries (LISTEN), a retry it scheduled comes due, or the poll interval passes. Every attempt checks again
 * that the endpoint's owner may see the event and that its address is public, resolving once and connecting to the
 * address it checked.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('WebhookDispatcher');
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** Something happened since the round began (an attempt ended, a command or a notification asked): look again. */
  private kicked = false;
  /** Claim at the next round (work may be due); attempts to record always come with a claim. */
  private lookAgain = true;
  private fanOutDue = true;
  private nextPollAt = 0;
  /** The earliest retry this worker scheduled (it wakes for it). */
  private nextRetryAt = Infinity;
  private readonly lanes = new Map<string, Lane>();
  private held = 0;
  private sending = 0;
  private readonly inFlight = new Set<Promise<void>>();
  /** Attempts made, waiting to be recorded (with the next claims, in one statement). */
  private records: AttemptRecord[] = [];

  constructor(
    @Inject(WEBHOOK_CONFIG) private readonly config: WebhookConfig,
    @Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpoints,
    @Inject(WEBHOOK_DELIVERIES) private readonly deliveries: WebhookDeliveries,
    @Inject(WEBHOOK_TRANSPORT) private readonly transport: WebhookTransport,
    @Inject(WEBHOOK_PEOPLE) private readonly people: WebhookPeople,
    @Inject(WEBHOOK_WAKEUPS) private readonly wakeups: WebhookWakeups,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.worker) this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** What the endpoint's owner may see now; a team's endpoint sees through that team's rooms only. */
  readonly visible: VisibleFilter = (endpoint, entries) => this.people.mayRead(this.callerOf(endpoint), entries);

  /** Look for work now (after a create, a redelivery, a replay) rather than at the next poll. */
  nudge(): void {
    this.fanOutDue = true;
    this.lookAgain = true;
    this.kick();
  }

  private kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  private get heldMax(): number {
    return this.config.concurrency * HELD_PER_SLOT;
  }

  private async run(): Promise<void> {
    await this.wakeups
      .listen((what) => {
        if (what === 'journal') this.fanOutDue = true;
        else this.lookAgain = true;
        this.kick();
      })
      .catch((error: Error) => this.log.warn(`webhook worker not woken by Postgres (${error.message}); it polls`));
    while (this.running) {
      this.kicked = false;
      let busy = false;
      try {
        busy = await this.step();
      } catch (error) {
        this.log.warn(`webhook worker step failed: ${(error as Error).message}`);
        await this.sleep(this.config.idlePollMs);
      }
      if (this.running && !busy && !this.kicked) await this.sleep(Math.max(0, Math.min(this.nextPollAt, this.nextRetryAt) - Date.now()));
    }
    // Stopping: what waits its turn is given back at once (another instance takes it), what is being sent ends
    // (bounded by the timeout) and is recorded.
    const unsent = [...this.lanes.values()].flatMap((lane) => lane.queue.splice(0));
    await this.deliveries
      .giveBack(unsent, this.clock.now())
      .catch((error: Error) => this.log.warn(`could not give back ${unsent.length} webhook claims: ${error.message}`));
    await Promise.allSettled([...this.inFlight]);
    while (this.records.length > 0) {
      await this.deliveries.recordAndClaim(this.records.splice(0, RECORD_BATCH), null).catch((error: Error) => {
        this.log.warn(`could not record webhook attempts at shutdown: ${error.message}`);
      });
    }
  }

  /** Until kicked, or `ms` passed. */
  private async sleep(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = null;
  }

  /**
   * One round: fan out and tell disabled endpoints' owners (when the journal grew, at the poll, or at once while the
   * journal has more), then record the attempts that ended and claim what the lanes have room for, in one statement.
   * Answers whether it did anything.
   */
  async step(): Promise<boolean> {
    const now = this.clock.now();
    let read = 0;
    const polled = now.getTime() >= this.nextPollAt;
    if (polled) {
      this.nextPollAt = now.getTime() + this.config.idlePollMs;
      this.lookAgain = true;
    }
    if (polled || this.fanOutDue) {
      this.fanOutDue = false;
      read = await this.deliveries.fanOut(FAN_OUT_BATCH, now, this.visible);
      if (read >= FAN_OUT_BATCH) this.fanOutDue = true;
      if (read > 0) this.lookAgain = true;
      if (polled) await this.notifyDisabled();
    }
    if (now.getTime() >= this.nextRetryAt) {
      this.nextRetryAt = Infinity;
      this.lookAgain = true;
    }
    const room = this.heldMax - this.held;
    const claiming = room > 0 && (this.lookAgain || this.records.length > 0);
    if (!claiming && this.records.length === 0) return read > 0;
    const records = this.records.splice(0, RECORD_BATCH);
    this.lookAgain = false;
    let claims: ClaimedDelivery[];
    try {
      claims = await this.deliveries.recordAndClaim(records, claiming ? this.claimRequest(room, now) : null);
    } catch (error) {
      // Recorded later (an attempt not recorded by its lease's end is made again: at least once).
      this.records.unshift(...records);
      this.lookAgain = true;
      throw error;
    }
    for (const record of records) this.release(record.claim);
    // Taken as many as the instance had room for: more may be due. Otherwise the claim took all the lanes' windows
    // allowed (or all that was due): the attempts' records bring the next claims.
    if (claiming && claims.length >= room) this.lookAgain = true;
    if (claims.length > 0) {
      for (const claim of claims) {
        const lane = this.laneOf(claim.endpointId);
        lane.queue.push(claim);
        lane.held += 1;
        this.held += 1;
      }
      this.dispatch();
    }
    return read > 0 || records.length > 0 || claims.length > 0;
  }

  private claimRequest(limit: number, now: Date): ClaimRequest {
    const windows: ClaimRequest['windows'] = [];
    for (const lane of this.lanes.values()) if (lane.averageMs !== null) windows.push({ endpointId: lane.endpointId, size: this.windowOf(lane) });
    return {
      limit,
      windows,
      defaultWindow: this.windowOf(null),
      leaseMs: this.config.timeoutMs + 2 * WAIT_BUDGET_MS + LEASE_MARGIN_MS,
      now,
    };
  }

  /**
   * How many of an endpoint's deliveries may be leased at once (by every worker): as many rounds of its concurrent
   * requests as its recent answers take in WAIT_BUDGET_MS (2 rounds before the first), never more than half the
   * claims this worker holds (a slow endpoint's queue leaves the other half to the others).
   */
  private windowOf(lane: Lane | null): number {
    const perEndpoint = this.config.perEndpoint;
    const max = Math.max(perEndpoint, Math.floor(this.heldMax / 2));
    const rounds = lane?.averageMs == null ? 2 : Math.max(1, Math.min(MAX_ROUNDS, Math.floor(WAIT_BUDGET_MS / Math.max(1, lane.averageMs))));
    return Math.min(max, perEndpoint * rounds);
  }

  private laneOf(endpointId: string): Lane {
    let lane = this.lanes.get(endpointId);
    if (!lane) {
      if (this.lanes.size >= LANES_KEPT) {
        for (const [id, idle] of this.lanes) {
          if (idle.held === 0) {
            this.lanes.delete(id);
            break;
          }
        }
      }
      this.lanes.set(endpointId, (lane = { endpointId, queue: [], active: 0, held: 0, averageMs: null }));
    }
    return lane;
  }

  private release(claim: ClaimedDelivery): void {
    this.held -= 1;
    const lane = this.lanes.get(claim.endpointId);
    if (lane) lane.held -= 1;
  }

  /** Starts what the free request slots allow: at most `perEndpoint` per endpoint, `concurrency` in all. */
  private dispatch(): void {
    for (const lane of this.lanes.values()) {
      if (this.sending >= this.config.concurrency) return;
      while (lane.queue.length > 0 && lane.active < this.config.perEndpoint && this.sending < this.config.concurrency) {
        this.send(lane, lane.queue.shift()!);
      }
    }
  }

  private send(lane: Lane, claim: ClaimedDelivery): void {
    lane.active += 1;
    this.sending += 1;
    const sent = this.attempt(claim, lane).then(
      (record) => {
        if (record) {
          this.records.push(record);
          if (record.verdict.status === 'pending') this.nextRetryAt = Math.min(this.nextRetryAt, record.verdict.nextAttemptAt.getTime());
        }
      },
      (error: Error) => {
        // Not recorded: the lease ends and the delivery is attempted again (at least once).
        this.release(claim);
        this.log.warn(`webhook attempt ${claim.id} failed: ${error.message}`);
      },
    );
    this.inFlight.add(sent);
    void sent.finally(() => {
      this.inFlight.delete(sent);
      lane.active -= 1;
      this.sending -= 1;
      this.dispatch();
      this.kick();
    });
  }

  private async notifyDisabled(): Promise<void> {
    for (const endpoint of await this.endpoints.unnotified()) {
      try {
        await this.people.notifyDisabled({
          ownerId: endpoint.ownerId,
          endpointId: endpoint.id,
          url: endpoint.url,
          disabledAt: endpoint.disabledAt ?? endpoint.updatedAt,
        });
        await this.endpoints.markNotified(endpoint.id);
      } catch (error) {
        this.log.warn(`could not tell ${endpoint.ownerId} that webhook ${endpoint.id} was disabled: ${(error as Error).message}`);
      }
    }
  }

  /**
   * One attempt of one claimed delivery, with its verdict (null: not made, given back, as its lease no longer covers
   * the timeout).
   */
  async attempt(claim: ClaimedDelivery, lane: Lane = this.laneOf(claim.endpointId)): Promise<AttemptRecord | null> {
    const at = this.clock.now();
    if (claim.leaseUntil.getTime() - at.getTime() < this.config.timeoutMs + SEND_MARGIN_MS) {
      await this.deliveries.giveBack([claim], at);
      this.release(claim);
      return null;
    }
    const { endpoint, body } = claim;
    const failure = (error: string): AttemptOutcome => ({ at, statusCode: null, durationMs: 0, error, response: '' });
    if (body === null) return { claim, outcome: failure('The event or the endpoint is gone.'), verdict: { status: 'skipped' } };
    // The owner must still see what the event is about (a share revoked stops deliveries about that model): their
    // rooms now against the event's audience as journaled.
    const visible = await this.visible(endpoint, [claim]);
    if (visible.length === 0) {
      return { claim, outcome: failure("Not sent: the endpoint's owner may no longer see this record."), verdict: { status: 'skipped' } };
    }
    let outcome: AttemptOutcome;
    const address = await this.addressFor(lane, endpoint.url);
    if ('refused' in address) {
      outcome = failure(address.refused);
    } else {
      if (lane.secret?.sealed !== endpoint.secretSealed) {
        const open = this.secrets.open(endpoint.secretSealed);
        lane.secret = { sealed: endpoint.secretSealed, key: open ? webhookSigningKey(open) : null };
      }
      const secret = lane.secret.key;
      if (!secret) {
        outcome = failure('The endpoint secret does not open with the keys held (KILN_SECRETS_KEY).');
      } else {
        const sent = await this.transport.post({
          url: endpoint.url,
          address: address.address,
          headers: signWebhook(secret, claim.eventId, new Date(), body),
          body,
          timeoutMs: this.config.timeoutMs,
        });
        outcome = { at, ...sent };
      }
    }
    const took = outcome.error === null ? outcome.durationMs : this.config.timeoutMs;
    lane.averageMs = lane.averageMs === null ? took : lane.averageMs + AVERAGE_WEIGHT * (took - lane.averageMs);
    return { claim, outcome, verdict: await this.verdict(claim, outcome) };
  }

  /**
   * Resolve once, judge every address, connect to the one judged (DNS rebinding finds nothing to swap). The URL's own
   * rule (scheme, allowed hosts, a literal address, `*.localhost`) is judged once per URL; the host's addresses at
   * each attempt.
   */
  private async addressFor(lane: Lane, url: string): Promise<{ address: string } | { refused: string }> {
    if (lane.checked?.url !== url) lane.checked = { url, result: this.refusedOr(() => checkWebhookUrl(url, this.config.allowHosts)) };
    const checked = lane.checked.result;
    if ('refused' in checked) return checked;
    const addresses = checked.literalIp ? [checked.host] : await this.transport.resolve(checked.host);
    return this.refusedOr(() => pickDeliveryAddress(checked, addresses));
  }

  private refusedOr<T>(judge: () => T): T | { refused: string } {
    try {
      return judge();
    } catch (error) {
      if (error instanceof DomainError) return { refused: error.message };
      throw error;
    }
  }

  private callerOf(endpoint: ClaimedDelivery['endpoint']): { userId: string; teamId?: string } {
    return endpoint.teamId ? { userId: endpoint.ownerId, teamId: endpoint.teamId } : { userId: endpoint.ownerId };
  }

  private async verdict(claim: ClaimedDelivery, outcome: AttemptOutcome): Promise<AttemptVerdict> {
    if (outcome.error === null && isDelivered(outcome.statusCode)) return { status: 'delivered' };
    const wait = nextRetryDelayMs(claim.scheduleAttempt, this.config.retryDelaysMs, Math.random());
    if (wait !== null) return { status: 'pending', nextAttemptAt: new Date(outcome.at.getTime() + wait) };
    // The whole schedule failed: the endpoint is disabled when nothing reached it meanwhile either.
    const reachedMeanwhile = await this.deliveries.deliveredSince(claim.endpointId, claim.firstAttemptAt);
    return { status: 'failed', disableEndpoint: reachedMeanwhile ? null : { reason: WEBHOOK_MESSAGES.disabledAfterRetries } };
  }
}
