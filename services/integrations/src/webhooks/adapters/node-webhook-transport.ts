import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { WEBHOOK_RESPONSE_KEEP_BYTES } from '@kiln/contracts';
import { lookup } from 'node:dns/promises';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SendResult, WebhookTransport } from '../ports/webhook-transport.port';

/**
 * Webhooks over node's http/https (ADR 0067). The connection goes to the address the dispatcher checked (`lookup`
 * answers it, nothing is resolved again), while the URL's host still names the server: the Host header, TLS SNI and
 * certificate check use it, verified against the system's authorities and NODE_EXTRA_CA_CERTS (node's defaults;
 * verification is never turned off). Redirects are not followed (node's http never does). One timer bounds the whole
 * exchange, the answer's body included. Keep-alive agents reuse a connection already made to a checked address.
 */
@Injectable()
export class NodeWebhookTransport implements WebhookTransport, OnModuleDestroy {
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 16 });

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
    const started = performance.now();
    const url = new URL(request.url);
    const secure = url.protocol === 'https:';
    const family = isIP(request.address);
    const body = Buffer.from(request.body, 'utf8');
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const kept: Buffer[] = [];
      let keptBytes = 0;
      let statusCode: number | null = null;
      const done = (error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const response = Buffer.concat(kept).subarray(0, WEBHOOK_RESPONSE_KEEP_BYTES).toString('utf8');
        resolve({ statusCode, durationMs: Math.round(performance.now() - started), response, error });
      };
      const options: https.RequestOptions = {
        method: 'POST',
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        headers: { ...request.headers, 'content-type': 'application/json', 'content-length': String(body.length), 'user-agent': 'Kiln-Webhooks/1' },
        agent: secure ? this.httpsAgent : this.httpAgent,
        lookup: (_host, opts, callback) => {
          const cb = callback as (err: Error | null, address: string | { address: string; family: number }[], family?: number) => void;
          if ((opts as { all?: boolean }).all) cb(null, [{ address: request.address, family }]);
          else cb(null, request.address, family);
        },
      };
      const req = (secure ? https : http).request(options, (res) => {
        statusCode = res.statusCode ?? null;
        res.on('data', (chunk: Buffer) => {
          if (keptBytes < WEBHOOK_RESPONSE_KEEP_BYTES) {
            kept.push(chunk);
            keptBytes += chunk.length;
          }
        });
        res.on('end', () => done(null));
        res.on('error', (e) => done(e.message));
      });
      const timer = setTimeout(() => {
        req.destroy(new Error(`no complete answer within ${request.timeoutMs} ms`));
      }, request.timeoutMs);
      req.on('error', (e) => done(e.message));
      req.end(body);
    });
  }

  onModuleDestroy(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
