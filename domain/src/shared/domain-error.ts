/** Typed domain errors; the services map `kind` to a status at the edge (see services/kit/src/errors). */
export type DomainErrorKind =
  'invalid' | 'not-found' | 'forbidden' | 'conflict' | 'unauthenticated' | 'rate-limited' | 'unprocessable' | 'precondition-failed' | 'gone';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly errors?: { path: string; message: string }[],
    /** For 'rate-limited': seconds until another try may succeed. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
