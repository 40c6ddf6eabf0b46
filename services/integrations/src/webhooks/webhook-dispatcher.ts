import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { WEBHOOK_MESSAGES } from '@kiln/contracts';
import { checkWebhookUrl, DomainError, isDelivered, nextRetryDelayMs, pickDeliveryAddress } from '@kiln/domain';
import { CLOCK, type Clock, SECRET_BOX, type SecretBox } from '@kiln/service-kit';
import { WEBHOOK_ENDPOINTS, WebhookEndpoints } from './ports/webhook-endpoints.port';
import { AttemptOutcome, AttemptVerdict, ClaimedDelivery, VisibleFilter, WEBHOOK_DELIVERIES, WebhookDeliveries } from './ports/webhook-deliveries.port';
import { WEBHOOK_PEOPLE, WebhookPeople } from './ports/webhook-people.port';
import { WEBHOOK_TRANSPORT, WebhookTransport } from './ports/webhook-transport.port';
import { WEBHOOK_CONFIG, WebhookConfig } from './webhook-config';
import { signWebhook } from './webhook-signature';

/** How long past the attempt's timeout a claim stays leased (the attempt's own bookkeeping). */
const LEASE_MARGIN_MS = 15_000;
const FAN_OUT_BATCH = 500;
/**
 * How many rounds of an endpoint's concurrent requests a worker claims ahead (fewer claims, each taking more; the
 * claim and the record of an attempt take longer than its POST, so 4 rounds left the endpoint's slots idle).
 */
const PREFETCH = 8;

/**
 * The webhook worker of one instance (ADR 0067): it makes deliveries from the journal (fan-out), claims due ones
 * with row locks (FOR UPDATE SKIP LOCKED: several instances never take the same delivery for the same attempt),
 * keeps up to `concurrency` attempts in flight (at most `perEndpoint` for one endpoint, so a dead endpoint holds
 * only its own slots), and records each attempt. Every attempt checks again that the endpoint's owner may see the
 * event and that its address is public, resolving once and connecting to the address it checked.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('WebhookDispatcher');
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private wake: (() => void) | null = null;
  /** Something happened since the round began (an attempt ended, a command asked): look again before idling. */
  private kicked = false;
  private nextFanOutAt = 0;

  constructor(
    @Inject(WEBHOOK_CONFIG) private readonly config: WebhookConfig,
    @Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpoints,
    @Inject(WEBHOOK_DELIVERIES) private readonly deliveries: WebhookDeliveries,
    @Inject(WEBHOOK_TRANSPORT) private readonly transport: WebhookTransport,
    @Inject(WEBHOOK_PEOPLE) private readonly people: WebhookPeople,
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
    await Promise.allSettled([...this.inFlight]);
  }

  /** What the endpoint's owner may see now; a team's endpoint sees through that team's rooms only. */
  readonly visible: VisibleFilter = (endpoint, events) =>
    this.people.visibleTo(endpoint.teamId ? { userId: endpoint.ownerId, teamId: endpoint.teamId } : { userId: endpoint.ownerId }, events);

  /** Look for work now (after a create, a redelivery, a replay) rather than at the next poll. */
  nudge(): void {
    this.nextFanOutAt = 0;
    this.kick();
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.kicked = false;
      let busy = false;
      try {
        busy = await this.step();
      } catch (error) {
        this.log.warn(`webhook worker step failed: ${(error as Error).message}`);
      }
      if (!this.running) break;
      if (this.inFlight.size >= this.config.concurrency) {
        await Promise.race(this.inFlight);
      } else if (!busy && !this.kicked) {
        // Idle until the next poll, or until an attempt ends or a command asks (a slot or work appeared).
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.config.idlePollMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
      }
    }
  }

  private readonly sending = new Map<string, { active: number; waiting: (() => void)[] }>();

  private async acquire(endpointId: string): Promise<void> {
    let slot = this.sending.get(endpointId);
    if (!slot) this.sending.set(endpointId, (slot = { active: 0, waiting: [] }));
    if (slot.active < this.config.perEndpoint) {
      slot.active += 1;
      return;
    }
    await new Promise<void>((resolve) => slot.waiting.push(resolve));
  }

  private release(endpointId: string): void {
    const slot = this.sending.get(endpointId);
    if (!slot) return;
    const next = slot.waiting.shift();
    if (next) next();
    else if (--slot.active === 0) this.sending.delete(endpointId);
  }

  private pending: { claim: ClaimedDelivery; outcome: AttemptOutcome; verdict: AttemptVerdict; done: () => void; failed: (e: unknown) => void }[] = [];
  private flushing = false;

  /** Records attempts as they end, those ending together in one statement (a group commit). */
  private record(claim: ClaimedDelivery, outcome: AttemptOutcome, verdict: AttemptVerdict): Promise<void> {
    const recorded = new Promise<void>((done, failed) => this.pending.push({ claim, outcome, verdict, done, failed }));
    void this.flush();
    return recorded;
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, 200);
        try {
          await this.deliveries.finishMany(batch);
          batch.forEach((b) => b.done());
        } catch (error) {
          batch.forEach((b) => b.failed(error));
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  /**
   * One round: fan out and tell disabled endpoints' owners (at most once per poll interval, or at once while the
   * journal has more), then claim what fits in the free slots. Answers whether it found work.
   */
  async step(): Promise<boolean> {
    const now = this.clock.now();
    let read = 0;
    if (now.getTime() >= this.nextFanOutAt) {
      read = await this.deliveries.fanOut(FAN_OUT_BATCH, now, this.visible);
      await this.notifyDisabled();
      this.nextFanOutAt = read >= FAN_OUT_BATCH ? 0 : now.getTime() + this.config.idlePollMs;
    }
    const free = this.config.concurrency - this.inFlight.size;
    if (free <= 0) return true;
    // Claimed ahead: up to PREFETCH rounds of an endpoint's requests, but never more than half the instance's
    // claims (a dead endpoint's queue leaves the other half to the others), leased long enough to wait their turn.
    const window = Math.min(this.config.perEndpoint * PREFETCH, Math.max(this.config.perEndpoint, Math.floor(this.config.concurrency / 2)));
    const rounds = Math.ceil(window / this.config.perEndpoint);
    const claims = await this.deliveries.claim(free, window, (this.config.timeoutMs + 1000) * (rounds + 1) + LEASE_MARGIN_MS, now);
    for (const claim of claims) {
      const attempt = this.attempt(claim).catch((error) => this.log.warn(`webhook attempt ${claim.id} failed: ${(error as Error).message}`));
      this.inFlight.add(attempt);
      void attempt.finally(() => {
        this.inFlight.delete(attempt);
        this.kick();
      });
    }
    return read > 0 || claims.length > 0;
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

  /** One attempt of one claimed delivery, recorded with its verdict. */
  async attempt(claim: ClaimedDelivery): Promise<void> {
    const at = this.clock.now();
    const { endpoint, event } = claim;
    const failure = (error: string): AttemptOutcome => ({ at, statusCode: null, durationMs: 0, error, response: '' });
    if (!event) {
      await this.deliveries.finish(claim, failure('The event or the endpoint is gone.'), { status: 'skipped' });
      return;
    }
    // The owner must still see what the event is about (a share revoked stops deliveries about that model).
    const visible = await this.visible(endpoint, [event]);
    if (visible.length === 0) {
      await this.deliveries.finish(claim, failure("Not sent: the endpoint's owner may no longer see this record."), { status: 'skipped' });
      return;
    }
    let outcome: AttemptOutcome;
    const address = await this.addressFor(endpoint.url);
    if ('refused' in address) {
      outcome = failure(address.refused);
    } else {
      const secret = this.secrets.open(endpoint.secretSealed);
      if (!secret) {
        outcome = failure('The endpoint secret does not open with the keys held (KILN_SECRETS_KEY).');
      } else {
        const body = JSON.stringify(event);
        // At most `perEndpoint` requests to one endpoint at a time (more may be claimed ahead, leased, waiting here).
        await this.acquire(endpoint.id);
        let sent;
        try {
          sent = await this.transport.post({
            url: endpoint.url,
            address: address.address,
            headers: signWebhook(secret, event.eventId, new Date(), body),
            body,
            timeoutMs: this.config.timeoutMs,
          });
        } finally {
          this.release(endpoint.id);
        }
        outcome = { at, ...sent };
      }
    }
    await this.record(claim, outcome, await this.verdict(claim, outcome));
  }

  /** Resolve once, judge every address, connect to the one judged (DNS rebinding finds nothing to swap). */
  private async addressFor(url: string): Promise<{ address: string } | { refused: string }> {
    try {
      const checked = checkWebhookUrl(url, this.config.allowHosts);
      const addresses = checked.literalIp ? [checked.host] : await this.transport.resolve(checked.host);
      return pickDeliveryAddress(checked, addresses);
    } catch (error) {
      if (error instanceof DomainError) return { refused: error.message };
      throw error;
    }
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
