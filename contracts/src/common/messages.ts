/** Sentences for people that any service may answer, whatever the use case. */
export const COMMON_MESSAGES = {
  /** A 429 from a general limit (commands per person, sign-ups per address, ...); Retry-After says how long. */
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
} as const;
