import { z } from 'zod';
import { Actor, ErrorBody } from './common/errors';
import { WorkspaceRpc } from './rpc';
import { AuthAnswer, LoginBody, RegisterBody } from './workspace/auth';
import { CreateModelBody, ListModelsQuery, Model, ModelIdParams, ModelList, UpdateModelBody } from './workspace/model';
import { User } from './workspace/user';

/** Largest request body a route accepts unless it says otherwise (bytes); larger ones are 413. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** A NATS request/reply the BFF can make (see rpc.ts). */
export interface RpcRef {
  subject: string;
  request: z.ZodTypeAny;
  reply: z.ZodTypeAny;
}

/** What a pass-through route hands its `toRpc`: the caller and the validated request parts, as sent. */
export interface RouteInput<P = unknown, Q = unknown, B = unknown> {
  actor: Actor;
  params: P;
  query: Q;
  body: B;
  /** The `Idempotency-Key` header of an `idempotent` route, when the client sent one. */
  idempotencyKey?: string;
}

/** One HTTP route of the BFF: the BFF validates with these schemas and /api/docs is generated from them. */
export interface HttpRoute {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  summary: string;
  auth: boolean;
  params?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  response: z.ZodTypeAny;
  status?: number;
  /** Largest body accepted, in bytes; DEFAULT_BODY_LIMIT when absent. */
  bodyLimit?: number;
  /** A create that accepts an `Idempotency-Key` header: a repeat with the same key creates nothing. */
  idempotent?: boolean;
  /**
   * Pass-through routes only: the service call the BFF makes, and how the request becomes its payload.
   * The BFF registers these routes itself; routes without `rpc` (the ones that set cookies) are hand-written.
   */
  rpc?: RpcRef;
  toRpc?(input: RouteInput): unknown;
}

type InputOf<S> = S extends z.ZodTypeAny ? z.input<S> : undefined;

/** A route the BFF passes through to a service; `toRpc` is checked against the rpc's request schema. */
function passThrough<P extends z.ZodTypeAny | undefined = undefined, Q extends z.ZodTypeAny | undefined = undefined, B extends z.ZodTypeAny | undefined = undefined, R extends RpcRef = RpcRef>(
  route: Omit<HttpRoute, 'params' | 'query' | 'body' | 'rpc' | 'toRpc'> & {
    params?: P;
    query?: Q;
    body?: B;
    rpc: R;
    toRpc: (input: RouteInput<InputOf<P>, InputOf<Q>, InputOf<B>>) => z.input<R['request']>;
  },
) {
  return route;
}

const Ok = z.object({ ok: z.literal(true) });

export const HttpRoutes = {
  register: { method: 'post', path: '/api/auth/register', summary: 'Sign up', auth: false, body: RegisterBody, response: AuthAnswer, status: 201 },
  login: { method: 'post', path: '/api/auth/login', summary: 'Sign in', auth: false, body: LoginBody, response: AuthAnswer },
  logout: { method: 'post', path: '/api/auth/logout', summary: 'Sign out', auth: false, response: Ok },
  me: { method: 'get', path: '/api/auth/me', summary: 'The signed-in user', auth: true, response: User },
  createModel: passThrough({
    method: 'post',
    path: '/api/workspace/model',
    summary: 'Create a model',
    auth: true,
    body: CreateModelBody,
    response: Model,
    status: 201,
    idempotent: true,
    rpc: WorkspaceRpc.createModel,
    toRpc: ({ actor, body, idempotencyKey }) => ({ actor, body, ...(idempotencyKey ? { idempotencyKey } : {}) }),
  }),
  listModels: passThrough({
    method: 'get',
    path: '/api/workspace/model',
    summary: 'List, search and sort my models',
    auth: true,
    query: ListModelsQuery,
    response: ModelList,
    rpc: WorkspaceRpc.listModels,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  getModel: passThrough({
    method: 'get',
    path: '/api/workspace/model/{id}',
    summary: 'One model',
    auth: true,
    params: ModelIdParams,
    response: Model,
    rpc: WorkspaceRpc.getModel,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  updateModel: passThrough({
    method: 'patch',
    path: '/api/workspace/model/{id}',
    summary: 'Rename a model or change its description',
    auth: true,
    params: ModelIdParams,
    body: UpdateModelBody,
    response: Model,
    rpc: WorkspaceRpc.updateModel,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
  deleteModel: passThrough({
    method: 'delete',
    path: '/api/workspace/model/{id}',
    summary: 'Delete a model',
    auth: true,
    params: ModelIdParams,
    response: Model,
    rpc: WorkspaceRpc.deleteModel,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
} satisfies Record<string, HttpRoute>;

export { ErrorBody as HttpErrorBody };
