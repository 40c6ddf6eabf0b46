import { z } from 'zod';

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
