import { z } from 'zod';

/** Every Kiln id: 24 lowercase hexadecimal characters (see docs/adr/0004-ids.md). */
export const Id = z.string().regex(/^[0-9a-f]{24}$/, 'Must be an id of 24 hexadecimal characters.');
export type Id = z.infer<typeof Id>;

/**
 * Free text up to `max` characters, as Postgres can store it: no NUL, and no lone UTF-16 surrogate
 * (JSON may carry one as `\ud800`, which neither UTF-8 text nor jsonb accepts).
 */
// eslint-disable-next-line no-control-regex -- NUL (\u0000) is the very character this refuses
const STORABLE_TEXT = /^(?:[^\u0000\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
export const TEXT_MESSAGE = 'Text must be valid Unicode without NUL characters.';
/** `tooLong` is the sentence shown when the text is too long (zod's own words are not for people). */
export const Text = (max: number, tooLong?: string) => z.string().max(max, tooLong).regex(STORABLE_TEXT, TEXT_MESSAGE);

/** ISO-8601 timestamp as it travels in JSON. */
export const Timestamp = z.string().datetime({ offset: true });

/** The `Idempotency-Key` header of a create: 1 to 255 visible ASCII characters (a UUID from the web app). */
export const IdempotencyKey = z.string().regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
export { IDEMPOTENCY_HEADER } from './constants';
