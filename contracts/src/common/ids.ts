import { z } from 'zod';

/** Every Kiln id: 24 lowercase hexadecimal characters (see docs/adr/0004-ids.md). */
export const Id = z.string().regex(/^[0-9a-f]{24}$/, 'Must be an id of 24 hexadecimal characters.');
export type Id = z.infer<typeof Id>;

/** ISO-8601 timestamp as it travels in JSON. */
export const Timestamp = z.string().datetime({ offset: true });
