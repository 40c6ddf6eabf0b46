import { ErrorBody } from '@kiln/contracts';
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
  return { statusCode: 500, message: 'Internal server error' };
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).statusCode === 'number' && typeof (value as ErrorBody).message === 'string';
}
