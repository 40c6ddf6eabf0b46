/**
 * The BFF's way of calling a service over NATS (ADR 0024): the request body is the payload itself (no
 * `{ pattern, data, id }` envelope) and carries `Kiln-Reply: bare`; the service answers with the reply's
 * JSON as the whole body, `Kiln-Reply: ok`, or with an ErrorBody and `Kiln-Reply: error`. So the BFF can
 * hand a reply's bytes to the HTTP response as they came, and neither side pays for Nest's envelope and
 * its observable plumbing. A request without the header gets Nest's envelope as before (other callers).
 */
export const REPLY_HEADER = 'Kiln-Reply';
export const REPLY_BARE = 'bare';
export const REPLY_OK = 'ok';
export const REPLY_ERROR = 'error';
