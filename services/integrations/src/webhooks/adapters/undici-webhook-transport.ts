import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { WEBHOOK_RESPONSE_KEEP_BYTES } from '@kiln/contracts';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type Dispatcher, Pool } from 'undici';
import { SendResult, WebhookTransport } from '../ports/webhook-transport.port';

/** A pool unused this long is closed (its keep-alive connections with it). */
const POOL_IDLE_MS = 60_000;
/** Connections kept to one endpoint at one address (the worker sends at most its per-endpoint concurrency). */
const POOL_CONNECTIONS = 16;

interface PoolEntry {
  pool: Pool;
  usedAt: number;
}

/**
 * Webhooks over undici (ADR 0067; node's http client cost about twice the CPU per request). One pool of keep-alive
 * connections per endpoint origin **and checked address**: its connections are made by `lookup` answering that
 * address only (nothing is resolved again: DNS rebinding finds nothing to swap), while the URL's host still names the
 * server: the Host header, TLS SNI and the certificate check use it, verified against node's authorities and
 * NODE_EXTRA_CA_CERTS (TLS defaults; verification is never turned off). HTTP/1.1 only, one request at a time per
 * connection (no pipelining). Redirects are not followed (a pool never does). One timer bounds the whole
 * exchange, connecting and the answer's body included; the answer's first bytes are kept. Pools unused for a minute go.
 */
@Injectable()
export class UndiciWebhookTransport implements WebhookTransport, OnModuleDestroy {
  private readonly pools = new Map<string, PoolEntry>();
  private readonly sweeper = setInterval(() => this.sweep(), POOL_IDLE_MS);
  /** URLs parsed once (an endpoint's is the same at every attempt). */
  private readonly urls = new Map<string, URL>();

  constructor() {
    this.sweeper.unref();
  }

  private parsed(text: string): URL {
    let url = this.urls.get(text);
    if (!url) {
      if (this.urls.size >= 1000) this.urls.clear();
      this.urls.set(text, (url = new URL(text)));
    }
    return url;
  }

  private poolFor(url: URL, address: string, timeoutMs: number): Pool {
    const key = `${url.origin}@${address}@${timeoutMs}`;
    let entry = this.pools.get(key);
    if (!entry) {
      const family = isIP(address);
      // Every connection of this pool goes to the checked address, whatever the URL's host would resolve to now.
      const toChecked: LookupFunction = (_host, options, callback) => {
        const cb = callback as (err: Error | null, address: string | { address: string; family: number }[], family?: number) => void;
        if (options.all) cb(null, [{ address, family }]);
        else cb(null, address, family);
      };
      const pool = new Pool(url.origin, {
        connections: POOL_CONNECTIONS,
        pipelining: 1,
        allowH2: false,
        connectTimeout: timeoutMs,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        connect: { lookup: toChecked, rejectUnauthorized: true },
      });
      this.pools.set(key, (entry = { pool, usedAt: 0 }));
    }
    entry.usedAt = Date.now();
    return entry.pool;
  }

  private sweep(): void {
    const before = Date.now() - POOL_IDLE_MS;
    for (const [key, entry] of this.pools) {
      const { running, pending, queued } = entry.pool.stats;
      if (entry.usedAt < before && running + pending + queued === 0) {
        this.pools.delete(key);
        entry.pool.close().catch(() => undefined);
      }
    }
  }

  async resolve(host: string): Promise<string[]> {
    if (isIP(host)) return [host];
    try {
      const answers = await lookup(host, { all: true, verbatim: true });
      return answers.map((a) => a.address);
    } catch {
      return [];
    }
  }

  post(request: { url: string; address: string; headers: Record<string, string>; body: string; timeoutMs: number }): Promise<SendResult> {
    const url = this.parsed(request.url);
    return new Promise<SendResult>((resolve) => {
      const attempt = new Attempt(request.timeoutMs, resolve);
      this.poolFor(url, request.address, request.timeoutMs).dispatch(
        {
          origin: url.origin,
          method: 'POST',
          path: `${url.pathname}${url.search}`,
          headers: { ...request.headers, 'content-type': 'application/json', 'user-agent': 'Kiln-Webhooks/1' },
          body: request.body,
        },
        attempt,
      );
    });
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
    for (const entry of this.pools.values()) entry.pool.destroy().catch(() => undefined);
    this.pools.clear();
  }
}

/**
 * One POST's answer, as undici hands it over (no body stream: the answer's first bytes are kept, the rest read and
 * dropped). The timer settles the attempt at `timeoutMs` whatever stage it is in and aborts the exchange (at once, or
 * as soon as it starts if it still waits for a connection).
 */
class Attempt implements Dispatcher.DispatchHandler {
  private readonly started = performance.now();
  private readonly timer: NodeJS.Timeout;
  private controller: Dispatcher.DispatchController | null = null;
  private settled = false;
  private statusCode: number | null = null;
  private readonly kept: Buffer[] = [];
  private keptBytes = 0;

  constructor(
    private readonly timeoutMs: number,
    private readonly resolve: (result: SendResult) => void,
  ) {
    this.timer = setTimeout(() => this.timedOut(), timeoutMs);
  }

  private timedOut(): void {
    const error = new Error(`no complete answer within ${this.timeoutMs} ms`);
    this.done(error.message);
    this.controller?.abort(error);
  }

  private done(error: string | null): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    const response = Buffer.concat(this.kept).subarray(0, WEBHOOK_RESPONSE_KEEP_BYTES).toString('utf8');
    this.resolve({ statusCode: this.statusCode, durationMs: Math.round(performance.now() - this.started), response, error });
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    if (this.settled) controller.abort(new Error(`no complete answer within ${this.timeoutMs} ms`));
    else this.controller = controller;
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number): void {
    if (statusCode >= 200) this.statusCode = statusCode;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.keptBytes < WEBHOOK_RESPONSE_KEEP_BYTES) {
      this.kept.push(chunk);
      this.keptBytes += chunk.length;
    }
  }

  onResponseEnd(): void {
    this.done(null);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.done(error.message);
  }
}
