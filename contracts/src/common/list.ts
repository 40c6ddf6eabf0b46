import { z } from 'zod';

/** Lists answer `{ data, total }` (spec 000 §7). */
export const listOf = <T extends z.ZodTypeAny>(item: T) => z.object({ data: z.array(item), total: z.number().int() });

/** Query-string JSON parameters in the spec's style: `where={"name":{"contains":"gear"}}`. */
export const jsonParam = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      // `sort=updatedAt DESC` and `populate=author,contributor` are also accepted unquoted.
      if (/^[\w ,.]+$/.test(value)) return value;
      ctx.addIssue({ code: 'custom', message: 'Must be valid JSON.' });
      return z.NEVER;
    }
  }, schema);

// Far beyond any real list, and within Postgres' OFFSET range.
export const Skip = z.coerce.number().int().min(0).max(1_000_000_000).default(0);
export const limitUpTo = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);
