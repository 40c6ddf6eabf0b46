import { COMMON_MESSAGES, ErrorBody } from '@kiln/contracts';
import { DomainError, DomainErrorKind } from '@kiln/domain';
import { ZodError } from 'zod';

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'rate-limited': 429,
  unprocessable: 422,
  'precondition-failed': 412,
  gone: 410,
};

/** The one mapping from what went wrong to the error body callers see. Unknown errors are 500s (bugs). */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof DomainError) {
    return {
      statusCode: STATUS[error.kind],
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
      ...(error.retryAfter ? { retryAfter: Math.max(1, Math.ceil(error.retryAfter)) } : {}),
    };
  }
  if (error instanceof ZodError) {
    const errors = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    return { statusCode: 400, message: errors[0]?.message ?? 'Bad request', errors };
  }
  if (isErrorBody(error)) return error;
  if (isStoreAway(error)) return STORE_AWAY;
  return { statusCode: 500, message: 'Internal server error' };
}

/** Seconds a caller is asked to wait while a store is away (`Retry-After`). */
export const STORE_AWAY_RETRY_AFTER_S = 5;

/** The answer while the database cannot be reached: temporary, so a 503 with Retry-After, not a 500 (ADR 0046). */
export const STORE_AWAY: ErrorBody = { statusCode: 503, message: COMMON_MESSAGES.databaseAway, retryAfter: STORE_AWAY_RETRY_AFTER_S };

/** Socket errors of a connection that cannot be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * Postgres SQLSTATEs of a server that is away or going: class 08 (connection exception), 57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, in recovery), 53300
 * too_many_connections.
 */
const AWAY_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** What node-postgres says, without a code, when a connection ends or cannot be had from the pool in time. */
const AWAY_MESSAGE = new RegExp(
  `^(${[
    'Connection terminated',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
    'Client was closed and is not queryable',
  ].join('|')})`,
);

/**
 * Whether an error says the database cannot be reached right now (refused, reset, timed out, shutting
 * down, starting up), as opposed to a query that is wrong. Looks through `cause` and AggregateError's
 * `errors` (Node tries every address of a host name).
 */
export function isStoreAway(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || AWAY_SQLSTATE.test(code))) return true;
  if (typeof message === 'string' && AWAY_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.length > 0 && errors.every((inner) => isStoreAway(inner, depth + 1))) return true;
  return cause !== undefined && isStoreAway(cause, depth + 1);
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).statusCode === 'number' && typeof (value as ErrorBody).message === 'string';
}
