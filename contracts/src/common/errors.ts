import { z } from 'zod';
import { COMMON_MESSAGES } from './messages';

/**
 * Sentences for people where a schema gives none of its own (a schema's own message always wins): a missing
 * field is the spec's 'This field is required', the rest say what to fix without zod's wording ("Invalid
 * input: expected string, received undefined"). Set once for every user of the contracts (issue 17).
 */
const plural = (n: unknown, word: string) => `${n} ${word}${Number(n) === 1 ? '' : 's'}`;
function sentenceFor(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return COMMON_MESSAGES.required;
      return issue.expected === 'number' || issue.expected === 'int' ? COMMON_MESSAGES.enterNumber : COMMON_MESSAGES.invalidValue;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? COMMON_MESSAGES.required : `Enter at least ${plural(issue.minimum, 'character')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at least ${issue.minimum}.`;
      return `Must be at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Enter at most ${plural(issue.maximum, 'character')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${issue.maximum}.`;
      return `Must be at most ${issue.maximum}.`;
    case 'invalid_value':
      return issue.values.length <= 8 ? `Choose one of: ${issue.values.map(String).join(', ')}.` : COMMON_MESSAGES.invalidValue;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}.`;
    default:
      return COMMON_MESSAGES.invalidValue;
  }
}
z.config({ customError: sentenceFor });

/** The one error body every HTTP answer and every NATS error reply uses. */
export const ErrorBody = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Seconds to wait before trying again (429); the BFF sends it as the `Retry-After` header. */
  retryAfter: z.number().int().positive().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Who is asking: the BFF passes it on with every request to a service. */
export const Actor = z.object({ userId: z.string() });
export type Actor = z.infer<typeof Actor>;

/** Turns a zod failure into the error body, first message first. */
export function errorBodyFromZod(error: z.ZodError, statusCode = 400): ErrorBody {
  const errors = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return { statusCode, message: errors[0]?.message ?? 'Bad request', errors };
}
