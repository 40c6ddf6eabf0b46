/** What one POST to an endpoint answered. */
export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  /** The first bytes of the answer (WEBHOOK_RESPONSE_KEEP_BYTES), as text. */
  response: string;
  error: string | null;
}

/**
 * The network, as webhooks use it: resolve a host's addresses, and POST to a URL connecting to one given, already
 * checked address (never resolving again: DNS rebinding), never following a redirect, bounded by `timeoutMs` for
 * the whole exchange.
 */
export interface WebhookTransport {
  resolve(host: string): Promise<string[]>;
  post(request: { url: string; address: string; headers: Record<string, string>; body: string; timeoutMs: number }): Promise<SendResult>;
}

export const WEBHOOK_TRANSPORT = Symbol('WebhookTransport');
