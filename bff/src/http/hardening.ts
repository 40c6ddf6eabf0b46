import { COMMON_MESSAGES } from '@kiln/contracts';
import type { NextFunction, Request, Response } from 'express';
import { originAllowed } from './origin';
import { bodyLimitFor, routeFor } from './route-table';

/**
 * The API's edge, as plain express middleware in front of every route (hand-written or from the
 * contracts): no caching, no cross-site state changes, JSON bodies only and within the route's limit.
 * Refusals here answer the same `{ statusCode, message }` as everything else.
 */
type Middleware = (req: Request, res: Response, next: NextFunction) => void;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isApi = (req: Request) => req.path === '/api' || req.path.startsWith('/api/');

export const MESSAGES = {
  foreignOrigin: COMMON_MESSAGES.foreignOrigin,
  notJson: 'The request body must be JSON (Content-Type: application/json).',
  tooLarge: COMMON_MESSAGES.requestTooLarge,
  notValidJson: 'The request body is not valid JSON.',
} as const;

/** Whether the request carries a body at all (a POST with `Content-Length: 0` does not). */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** Up to this much of a body answered before it was read is read and dropped by node after the answer. */
export const DRAINED_BODY_BYTES = 1024 * 1024;

/** How long a connection closed after an early answer goes on reading (and dropping) what the client still sends. */
export const LINGER_MS = 2_000;

/**
 * For an answer given before the body was read: a large or unannounced body closes the connection once
 * answered, so the client stops sending it (node would otherwise read all of it to reuse the connection).
 * A small one is left to node, which reads and drops it.
 */
export function closeUnlessSmallBody(req: Request, res: Response): void {
  if (hasBody(req) && !req.complete && !(Number(req.headers['content-length']) <= DRAINED_BODY_BYTES)) closeAfterAnswerGently(res);
}

/**
 * `Connection: close`, with a lingering close (as nginx and Apache do): once the answer is out, the server
 * half-closes and goes on reading and dropping what the client still sends, until the client hangs up or
 * LINGER_MS pass. Node alone closes at once; with the client's bytes unread, the kernel then resets the
 * connection, and a client that had not read the answer yet loses it (a browser shows a network error
 * instead of the sentence). Node's server closes an answered `Connection: close` socket through
 * `destroySoon`; this socket's is replaced.
 */
function closeAfterAnswerGently(res: Response): void {
  res.setHeader('Connection', 'close');
  const socket = res.socket;
  if (!socket) return;
  socket.destroySoon = function lingeringClose(this: typeof socket) {
    closing.add(this);
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    this.once('end', () => this.destroy());
    this.once('close', () => clearTimeout(timer));
    // What still comes is read (and dropped by node's parser) rather than left to fill the buffers.
    this.resume();
  };
}

/** Connections in their lingering close: what they still carry is dropped, never handled. */
const closing = new WeakSet<object>();

/**
 * A request that comes on a connection the server is closing after an early answer (sent behind the refused
 * body) is not handled: its answer could not be sent, and nothing may happen for a request nobody hears
 * back from. The connection is dropped at once.
 */
export const noRequestOnClosingConnection: Middleware = (req, _res, next) => {
  if (closing.has(req.socket)) return void req.socket.destroy();
  next();
};

function refuse(req: Request, res: Response, statusCode: number, message: string): void {
  closeUnlessSmallBody(req, res);
  res.status(statusCode).json({ statusCode, message });
}

/** API answers are per user and change with every command: never stored by a browser or a proxy. */
export const noStore: Middleware = (req, res, next) => {
  if (isApi(req)) res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * State-changing API requests only from an allowed origin (see origin.ts): a page on another site
 * cannot use the visitor's session cookie to create, change, delete or sign out. A request with an
 * `Authorization` header is left alone: it is authenticated by that header only, never by a cookie
 * (session.ts), and a page on another site cannot send one without knowing the secret (ADR 0065).
 */
export function sameOriginOnly(allowed: string[] | null): Middleware {
  return (req, res, next) => {
    if (req.headers.authorization !== undefined) return next();
    if (isApi(req) && STATE_CHANGING.has(req.method) && !originAllowed(req.headers, allowed)) return refuse(req, res, 403, MESSAGES.foreignOrigin);
    next();
  };
}

/**
 * Reads a JSON body into `req.body`; nothing else is parsed (a form post cannot sign anyone in).
 * An announced size above the route's limit is refused before a byte of the body is read, and a
 * chunked body is cut off as soon as it passes the limit.
 */
export const jsonBody: Middleware = (req, res, next) => {
  if (!isApi(req) || !hasBody(req)) return next();
  const route = routeFor(req.method, req.path);
  // A webhook whose signature covers the exact bytes reads its own body (bff/src/store-hooks, ADR 0060).
  if (route?.rawBody) return next();
  if (route?.multipart) {
    // A streamed upload is read by its own handler, with its own limits (ADR 0033). Unless it is small, its
    // connection is not reused: an answer given before the whole file was read (401, 400, 413) must not
    // wait for the rest of it.
    closeUnlessSmallBody(req, res);
    return next();
  }
  const [mime, ...parameters] = (req.headers['content-type'] ?? '').split(';').map((part) => part.trim().toLowerCase());
  const charset = parameters
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (mime !== 'application/json' || (charset && charset !== 'utf-8' && charset !== 'utf8') || encoding !== 'identity') {
    return refuse(req, res, 415, MESSAGES.notJson);
  }
  const limit = bodyLimitFor(req.method, req.path);
  if (Number(req.headers['content-length'] ?? 0) > limit) return refuse(req, res, 413, MESSAGES.tooLarge);

  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const settle = (then: () => void) => {
    if (settled) return;
    settled = true;
    req.off('data', onData);
    then();
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) return void chunks.push(chunk);
    req.pause();
    settle(() => refuse(req, res, 413, MESSAGES.tooLarge));
  };
  req.on('data', onData);
  req.once('end', () =>
    settle(() => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        req.body = text.trim() === '' ? undefined : JSON.parse(text);
      } catch {
        return refuse(req, res, 400, MESSAGES.notValidJson);
      }
      next();
    }),
  );
  // The client went away mid-body: there is no one left to answer.
  req.once('error', () => settle(() => undefined));
};
