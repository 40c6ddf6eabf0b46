/** Sentences for people that any service may answer, whatever the use case. */
export const COMMON_MESSAGES = {
  /** A 429 from a general limit (commands per person, sign-ups per address, ...); Retry-After says how long. */
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  // Field sentences of the spec that several rules share (spec 000 §5, spec 001 §5, spec 002 §5): defined here once.
  required: 'This field is required',
  nameTooShort: 'Name should be at least 3 characters',
  invalidEmail: 'Invalid email',
  notNegative: 'Must not be negative.',
  greaterThanZero: 'Must be greater than 0',
  twoDecimals: 'Use at most two decimals.',
  atMostHundredPercent: 'At most 100 %.',
  positivePrice: 'Price must be a positive number',
  quantityRequired: 'Quantity is required',
  quantityNegative: 'Quantity cannot be negative',
  modelNotFound: 'Model not found.',
  /** A value of the wrong kind or shape where no rule of the spec has a sentence of its own (zod's words are not for people). */
  invalidValue: 'This value is not valid.',
  enterNumber: 'Enter a number.',
  /** The BFF's refusals at the edge (ADR 0017), shown by the web app as they come. */
  foreignOrigin: 'This request came from another website, so it was refused. Open Kiln itself and try again there.',
  requestTooLarge: 'The request is too large.',
  /** The spec's warning over every typed-name delete confirmation (spec 001 §8). */
  deleteWarning: 'Unexpected bad things will happen if you don’t read this!',
  /** A 409/412: the record was saved by someone else between this read and this write. */
  changedMeanwhile: 'This was changed by someone else meanwhile. Reload it and try again.',
  /** A 503 when another service does not answer over NATS (it is restarting, or NATS is away). */
  serviceAway: 'The service is not available. Please try again.',
  /** A 503 while a service cannot reach its database (a restart, a failover); Retry-After says when to try again (ADR 0046). */
  databaseAway: 'Kiln cannot reach its database right now. Please try again in a moment.',
} as const;
