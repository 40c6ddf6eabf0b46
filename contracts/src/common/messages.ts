/** Sentences for people that any service may answer, whatever the use case. */
export const COMMON_MESSAGES = {
  /** A 429 from a general limit (commands per person, sign-ups per address, ...); Retry-After says how long. */
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  /** A 503 while a service cannot reach its database (a restart, a failover); Retry-After says when to try again (ADR 0046). */
  databaseAway: 'Kiln cannot reach its database right now. Please try again in a moment.',
} as const;
