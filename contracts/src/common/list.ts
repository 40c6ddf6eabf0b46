import { z } from 'zod';

/** Lists answer `{ data, total }` (spec 000 §7). */
export const listOf = <T extends z.ZodTypeAny>(item: T) => z.object({ data: z.array(item), total: z.number().int() });

const BARE = /^[\w ,.]+$/;
const BARE_JSON = /^ *(?:true|false|null|(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE]\d+)?) *$/;

/** Query-string JSON parameters in the spec's style: `where={"name":{"contains":"gear"}}`. */
export const jsonParam = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    // An unquoted value (`updatedAt DESC`) is taken as is without letting JSON.parse throw first: a
    // thrown SyntaxError costs more than the rest of the parse, on every list request. Of the texts made
    // only of these characters, JSON.parse accepts exactly a bare number, true, false or null.
    if (BARE.test(value) && !BARE_JSON.test(value)) return value;
    try {
      return JSON.parse(value);
    } catch {
      // `sort=updatedAt DESC` and `populate=author,contributor` are also accepted unquoted.
      if (BARE.test(value)) return value;
      ctx.addIssue({ code: 'custom', message: 'Must be valid JSON.' });
      return z.NEVER;
    }
  }, schema);

// Far beyond any real list, and within Postgres' OFFSET range.
export const Skip = z.coerce.number().int().min(0).max(1_000_000_000).default(0);
export const limitUpTo = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);
