import type { ErrorBody } from '@kiln/contracts';

/** An HTTP answer that was not 2xx; `body` is the BFF's ErrorBody ({statusCode, message, errors?}). */
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

async function errorBodyOf(response: Response): Promise<ErrorBody> {
  try {
    const json = (await response.json()) as Partial<ErrorBody>;
    if (json && typeof json.message === 'string') {
      return { statusCode: json.statusCode ?? response.status, message: json.message, errors: json.errors };
    }
  } catch {
    // not JSON
  }
  return { statusCode: response.status, message: response.statusText || `Request failed (${response.status})` };
}

/** fetch with the session cookie, JSON in and out, and ApiError on failure. */
export async function request<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path + toQueryString(options.query), {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
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
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The message to show for any thrown value. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}
