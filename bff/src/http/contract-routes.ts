import { HttpException, Logger } from '@nestjs/common';
import { errorBodyFromZod, HttpRoute, HttpRoutes, IDEMPOTENCY_HEADER, IdempotencyKey, RouteInput, User } from '@kiln/contracts';
import { NextFunction, Request, Response, Router } from 'express';
import { authenticate, AuthedRequest } from '../auth/session.guard';
import { SessionResolver } from '../auth/session-resolver';
import { ServiceClient } from '../services/service-client';
import { sendError } from './http-error.filter';
import { versionFromIfMatch } from './if-match';
import { parse } from './parse';

/** The pass-through routes: every contract route that names the service call it makes. */
export const passThroughRoutes = () => Object.entries(HttpRoutes as Record<string, HttpRoute>).filter(([, route]) => route.rpc && route.toRpc);

/** Checks what the client sent against the route's contract (400 with its message) and builds the rpc input. */
export function routeInput(route: HttpRoute, req: Request & { user?: User }): RouteInput {
  // Validated, then passed on as sent: the service parses the same contracts into its own types.
  const check = (schema: HttpRoute['params'], value: unknown) => (schema ? (parse(schema, value), value ?? {}) : undefined);
  const input: RouteInput = {
    actor: { userId: req.user?.id ?? '' },
    params: check(route.params, { ...req.params }),
    query: check(route.query, { ...(req.query as object) }),
    body: check(route.body, req.body),
  };
  const key = req.headers[IDEMPOTENCY_HEADER];
  if (route.idempotent && key !== undefined) {
    const parsed = IdempotencyKey.safeParse(key);
    if (!parsed.success) throw new HttpException(errorBodyFromZod(parsed.error), 400);
    input.idempotencyKey = parsed.data;
  }
  const ifMatch = req.headers['if-match'];
  if (route.versioned && ifMatch !== undefined) input.ifMatch = versionFromIfMatch(ifMatch);
  return input;
}

/** A versioned record's answer carries its version as a strong ETag (ADR 0029). */
function setETag(res: Response, reply: Uint8Array): void {
  const version = (JSON.parse(Buffer.from(reply).toString('utf8')) as { version?: unknown } | null)?.version;
  if (typeof version === 'number') res.setHeader('ETag', `"${version}"`);
}

/**
 * The pass-through routes as one express router, built from the contracts (ADR 0024): method and path,
 * the session when the route needs a user, the input checked against the contract, the service call,
 * and its reply's bytes as the answer with the route's status. A new use case adds a contract entry, not
 * a controller. Plain express rather than a Nest controller: these routes use nothing of Nest's request
 * pipeline, and passing the service's JSON on as it came saves parsing and writing it again (the
 * service wrote it from its own contract-typed answer). Errors answer as every route does (sendError).
 */
export function contractRoutes(sessions: SessionResolver, services: ServiceClient): Router {
  const router = Router();
  const logger = new Logger('http');
  for (const [, route] of passThroughRoutes()) {
    const status = route.status ?? 200;
    router[route.method](route.path.replace(/\{(\w+)\}/g, ':$1'), (req: Request, res: Response, _next: NextFunction) => {
      void (async () => {
        if (route.auth) await authenticate(sessions, req as AuthedRequest);
        const reply = await services.callForBytes(route.rpc!, route.toRpc!(routeInput(route, req)));
        if (route.versioned) setETag(res, reply);
        res.status(status).setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(reply);
      })().catch((error: unknown) => sendError(res, error, logger));
    });
  }
  return router;
}
