import { z } from 'zod';

/** Every Kiln id: 24 lowercase hexadecimal characters (see docs/adr/0004-ids.md). */
export const Id = z.string().regex(/^[0-9a-f]{24}$/, 'Must be an id of 24 hexadecimal characters.');
export type Id = z.infer<typeof Id>;

/** Free text up to `max` characters. NUL cannot be stored in Postgres text, so it is refused at the edge. */
export const Text = (max: number) => z.string().max(max).regex(/^[^\u0000]*$/, 'Text must not contain NUL characters.');

/** ISO-8601 timestamp as it travels in JSON. */
export const Timestamp = z.string().datetime({ offset: true });
