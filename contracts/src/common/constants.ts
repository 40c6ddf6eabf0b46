/**
 * Plain values of the common contracts, without zod: the web app imports them through
 * `@kiln/contracts/constants`, so its first load carries no schema code. ids.ts re-exports them.
 */

/** The header of a create's idempotency key (its value's shape is `IdempotencyKey` in ids.ts). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
