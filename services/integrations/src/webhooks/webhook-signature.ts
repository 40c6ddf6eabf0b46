import { createHmac, createSecretKey, KeyObject, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@kiln/contracts';

/** The HMAC key of an endpoint secret: its base64-decoded bytes (made once per endpoint by the worker). */
export const webhookSigningKey = (secret: string): KeyObject =>
  createSecretKey(Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64'));

/** A new endpoint secret: `whsec_` and 32 random bytes in base64 (Standard Webhooks). */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks headers of one delivery: `webhook-id` (the event id: the same on every retry, so receivers
 * de-duplicate by it), `webhook-timestamp` (seconds), `webhook-signature` `v1,<base64 HMAC-SHA256 over
 * "<id>.<timestamp>.<body>" keyed by the secret's base64-decoded bytes>`. The tests verify it with the reference
 * library (standardwebhooks).
 */
export function signWebhook(secret: string | KeyObject, id: string, at: Date, body: string): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = typeof secret === 'string' ? webhookSigningKey(secret) : secret;
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
