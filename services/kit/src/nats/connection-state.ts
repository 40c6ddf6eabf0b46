import { ErrorCode, Events, Msg, NatsConnection, NatsError, RequestOptions } from 'nats';

interface Watch {
  up: boolean;
  waiters: Set<() => void>;
}

const watched = new WeakMap<NatsConnection, Watch>();

/**
 * Follows a connection's state from its status events (`connectNats` does it for every connection it
 * makes), for `untilConnected`. nats.js gives no other public way to know it, and sending while it is
 * down loses the message: each reconnect attempt empties what was queued meanwhile, so a request sent
 * then waits its whole timeout for a reply that cannot come (ADR 0046).
 */
export function watchConnection(nc: NatsConnection): void {
  if (watched.has(nc)) return;
  const watch: Watch = { up: true, waiters: new Set() };
  watched.set(nc, watch);
  const wakeAll = () => {
    for (const wake of [...watch.waiters]) wake();
  };
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === Events.Disconnect) watch.up = false;
      else if (status.type === Events.Reconnect) {
        watch.up = true;
        wakeAll();
      }
    }
  })()
    .catch(() => undefined)
    // Closed: nobody waits for a reconnect that will not come.
    .finally(wakeAll);
}

/** Whether the connection is up as far as its status events tell (always, for one not watched). */
export function isConnected(nc: NatsConnection): boolean {
  return !nc.isClosed() && (watched.get(nc)?.up ?? true);
}

/**
 * Resolves true once the connection is up (at once when it is), false when `timeoutMs` passed first or
 * it was closed.
 */
export function untilConnected(nc: NatsConnection, timeoutMs: number): Promise<boolean> {
  if (isConnected(nc)) return Promise.resolve(true);
  const watch = watched.get(nc);
  if (!watch || nc.isClosed() || timeoutMs <= 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (answer: boolean) => {
      clearTimeout(timer);
      watch.waiters.delete(wake);
      resolve(answer);
    };
    const wake = () => done(isConnected(nc));
    const timer = setTimeout(() => done(false), timeoutMs);
    watch.waiters.add(wake);
  });
}

/** How long a request that found no responder is sent again: the services resubscribe as they reconnect, within a second of NATS coming back. */
export const NO_RESPONDERS_GRACE_MS = 1_500;
const NO_RESPONDERS_PAUSE_MS = 100;

/**
 * `nc.request`, never sent into a connection that is down: it waits (within `timeout`) until the
 * connection is back, then sends with the time left. A request nobody listened to (no responders: the
 * service's own connection is not back yet) ran nowhere, so it is sent again for up to
 * NO_RESPONDERS_GRACE_MS, within the timeout.
 */
export async function requestWhenConnected(nc: NatsConnection, subject: string, body: Uint8Array, options: RequestOptions): Promise<Msg> {
  if (isConnected(nc)) {
    try {
      return await nc.request(subject, body, options);
    } catch (error) {
      if (!isNoResponders(error)) throw error;
    }
  }
  const started = Date.now();
  const left = () => options.timeout - (Date.now() - started);
  for (let first = true; ; first = false) {
    if (!first) await new Promise((resolve) => setTimeout(resolve, Math.min(NO_RESPONDERS_PAUSE_MS, Math.max(0, left()))));
    if (!(await untilConnected(nc, left()))) throw NatsError.errorForCode(nc.isClosed() ? ErrorCode.ConnectionClosed : ErrorCode.Timeout);
    try {
      return await nc.request(subject, body, { ...options, timeout: Math.max(1, left()) });
    } catch (error) {
      if (!isNoResponders(error) || Date.now() - started >= Math.min(NO_RESPONDERS_GRACE_MS, options.timeout)) throw error;
    }
  }
}

function isNoResponders(error: unknown): boolean {
  return error instanceof NatsError && error.code === ErrorCode.NoResponders;
}
