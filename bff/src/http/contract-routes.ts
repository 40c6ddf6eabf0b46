import { Controller, HttpCode, HttpException, Inject, RequestMapping, RequestMethod, Req, Res, Type, UseGuards } from '@nestjs/common';
import { errorBodyFromZod, HttpRoute, HttpRoutes, IDEMPOTENCY_HEADER, IdempotencyKey, RouteInput, User } from '@kiln/contracts';
import { Request, Response } from 'express';
import { SessionGuard } from '../auth/session.guard';
import { ServiceClient } from '../services/service-client';
import { versionFromIfMatch } from './if-match';
import { parse } from './parse';

const METHODS = { get: RequestMethod.GET, post: RequestMethod.POST, patch: RequestMethod.PATCH, delete: RequestMethod.DELETE } as const;

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
function setETag(res: Response, reply: unknown): unknown {
  const version = (reply as { version?: unknown } | null)?.version;
  if (typeof version === 'number') res.setHeader('ETag', `"${version}"`);
  return reply;
}

/**
 * One Nest controller holding a handler per pass-through route, built from the contracts: method and
 * path, the session guard when the route needs a user, the answer's status. A new use case adds a
 * contract entry, not a controller.
 */
export function contractRoutesController(): Type {
  @Controller()
  class ContractRoutesController {
    constructor(@Inject(ServiceClient) readonly services: ServiceClient) {}
  }
  for (const [name, route] of passThroughRoutes()) {
    const handler = route.versioned
      ? async function (this: ContractRoutesController, req: Request, res: Response) {
          return setETag(res, await this.services.call(route.rpc!, route.toRpc!(routeInput(route, req))));
        }
      : function (this: ContractRoutesController, req: Request) {
          return this.services.call(route.rpc!, route.toRpc!(routeInput(route, req)));
        };
    Object.defineProperty(handler, 'name', { value: name });
    Object.defineProperty(ContractRoutesController.prototype, name, { value: handler, writable: true, configurable: true });
    const descriptor = Object.getOwnPropertyDescriptor(ContractRoutesController.prototype, name)!;
    const decorators: MethodDecorator[] = [RequestMapping({ method: METHODS[route.method], path: route.path.replace(/\{(\w+)\}/g, ':$1') }), HttpCode(route.status ?? 200)];
    if (route.auth) decorators.push(UseGuards(SessionGuard));
    for (const decorate of decorators) decorate(ContractRoutesController.prototype, name, descriptor);
    Req()(ContractRoutesController.prototype, name, 0);
    if (route.versioned) Res({ passthrough: true })(ContractRoutesController.prototype, name, 1);
  }
  return ContractRoutesController;
}
