import { ApiError } from './client';

/**
 * Whether a failed request may still have been applied: no answer came (the network failed) or the BFF could not
 * get one from the service (503, e.g. it died after committing). Only then is trying again with the same
 * Idempotency-Key right; any other refusal is final.
 */
export function outcomeUnknown(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 503);
}

/** A random UUID v4. `crypto.randomUUID` exists only on secure pages (https, localhost); plain http falls back. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of each submit of one form: a fresh one per submit, except that submitting the same body
 * again after an unknown outcome is a retry of that submit and reuses its key (so the server answers the first
 * result instead of creating twice). A changed body gets a fresh key (the same key would be refused with 422).
 */
export class SubmitKeys {
  private unsettled?: { body: string; key: string };

  keyFor(body: unknown): string {
    const text = JSON.stringify(body);
    if (this.unsettled?.body !== text) this.unsettled = { body: text, key: newIdempotencyKey() };
    return this.unsettled.key;
  }

  /** The submit ended: with no error or a final one its key is done; after an unknown outcome it is kept. */
  settled(error?: unknown) {
    if (!outcomeUnknown(error)) this.unsettled = undefined;
  }
}
