import type { ErrorBody } from '@kiln/contracts';
import { GENERIC_MESSAGE, humanMessage } from './messages';

/**
 * An HTTP answer that was not 2xx; `body` is the BFF's ErrorBody ({statusCode, message, errors?}) with every
 * message one a person can read (see messages.ts): a message that is not one of ours is replaced.
 */
export class ApiError extends Error {
  constructor(readonly body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
  }
  get status(): number {
    return this.body.statusCode;
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Called whenever an authenticated call answers 401 (the session ended). */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  body?: unknown;
  /** Extra headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  /** Don't tell the unauthorized listeners about a 401 (used by sign-in and /me). */
  quiet401?: boolean;
}

function toQueryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const parts = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Seconds from a `Retry-After` header given in seconds (an HTTP date is not used by the API). */
function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}

async function errorBodyOf(response: Response): Promise<ErrorBody> {
  let retryAfter = retryAfterOf(response);
  try {
    const json = (await response.json()) as Partial<ErrorBody>;
    if (json && typeof json.message === 'string') {
      const status = typeof json.statusCode === 'number' ? json.statusCode : response.status;
      retryAfter = json.retryAfter ?? retryAfter;
      const errors = Array.isArray(json.errors)
        ? json.errors.map((e) => ({ path: String(e?.path ?? ''), message: humanMessage(e?.message, status, retryAfter) }))
        : undefined;
      return { statusCode: status, message: humanMessage(json.message, status, retryAfter), errors, retryAfter };
    }
  } catch {
    // not JSON: a proxy's page, say
  }
  return { statusCode: response.status, message: humanMessage(undefined, response.status, retryAfter), retryAfter };
}

/** fetch with the session cookie, JSON in and out, and ApiError on failure. */
export async function request<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path + toQueryString(options.query), {
      method,
      credentials: 'include',
      headers: {
        ...options.headers,
        Accept: 'application/json',
        // The API takes JSON bodies only (415 for anything else); a request without a body sends no type.
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
  } catch {
    throw new ApiError({ statusCode: 0, message: 'Cannot reach the server. Check your connection and try again.' });
  }
  if (!response.ok) {
    const body = await errorBodyOf(response);
    if (response.status === 401 && !options.quiet401) unauthorizedListeners.forEach((listener) => listener());
    throw new ApiError(body);
  }
  if (response.status === 204) return undefined as T;
  try {
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    throw new ApiError({ statusCode: response.status, message: 'The server sent an answer the app cannot read. Please try again.' });
  }
}

/** The message to show for any thrown value: the server's words when they are ours, never a library's. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return GENERIC_MESSAGE;
}
