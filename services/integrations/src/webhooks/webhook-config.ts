import { parseAllowHosts, parseRetryDelays, parseWebhookTimeout } from '@kiln/domain';

/** How the webhook workers run, from the environment (ADR 0067). */
export interface WebhookConfig {
  /** KILN_WEBHOOK_ALLOW_HOSTS: hosts allowed despite the private-address rule (and over plain http). */
  allowHosts: string[];
  /** KILN_WEBHOOK_RETRY_DELAYS: the waits between attempts (default: 27.5 h in all). */
  retryDelaysMs: number[];
  /** KILN_WEBHOOK_TIMEOUT: one attempt, the whole exchange (default 10 s). */
  timeoutMs: number;
  /**
   * KILN_WEBHOOK_CONCURRENCY: requests in flight per worker instance (default 64); it holds 32 times as many claims
   * (waiting their endpoint's turn, or sent and not yet recorded).
   */
  concurrency: number;
  /**
   * KILN_WEBHOOK_ENDPOINT_CONCURRENCY: requests at a time to one endpoint per worker (default 4; an ordered endpoint
   * still sends a record's events one at a time).
   */
  perEndpoint: number;
  /** KILN_WEBHOOK_WORKER=off: this instance answers requests but sends nothing (default on). */
  worker: boolean;
  /**
   * KILN_WEBHOOK_IDLE_POLL_MS: how often an idle worker looks for work nothing told it of (default 1 s; new journal rows
   * and deliveries made due wake it at once by NOTIFY, and a retry it scheduled when due).
   */
  idlePollMs: number;
}

export const WEBHOOK_CONFIG = Symbol('WebhookConfig');

const positive = (text: string | undefined, fallback: number) => {
  const n = Number(text);
  return text && Number.isInteger(n) && n > 0 ? n : fallback;
};

export function readWebhookConfig(env: NodeJS.ProcessEnv = process.env): WebhookConfig {
  return {
    allowHosts: parseAllowHosts(env.KILN_WEBHOOK_ALLOW_HOSTS),
    retryDelaysMs: parseRetryDelays(env.KILN_WEBHOOK_RETRY_DELAYS),
    timeoutMs: parseWebhookTimeout(env.KILN_WEBHOOK_TIMEOUT),
    concurrency: positive(env.KILN_WEBHOOK_CONCURRENCY, 64),
    perEndpoint: positive(env.KILN_WEBHOOK_ENDPOINT_CONCURRENCY, 4),
    worker: (env.KILN_WEBHOOK_WORKER ?? 'on') !== 'off',
    idlePollMs: positive(env.KILN_WEBHOOK_IDLE_POLL_MS, 1000),
  };
}
