import { z } from 'zod';
import type { HttpRoute, RouteInput, RpcRef } from '../http';
import { Actor } from './errors';
import { IdempotencyKey } from './ids';

/**
 * The few builders every area's contracts use, written once: a NATS request/reply (`rpc.<service>.<name>`,
 * each carrying the caller so every service checks authorization itself) and an HTTP route the BFF passes
 * through to one (its `toRpc` checked against the request schema of that rpc).
 */
export const rpc = <Req extends z.ZodTypeAny, Rep extends z.ZodTypeAny>(subject: string, request: Req, reply: Rep) => ({ subject, request, reply });

/** A request with its caller. */
export const withActor = <B extends z.ZodTypeAny>(body: B) => z.object({ actor: Actor, body });

/** A create: the client's `Idempotency-Key` header travels with it, so a repeat creates nothing. */
export const creating = <B extends z.ZodTypeAny>(body: B) => z.object({ actor: Actor, body, idempotencyKey: IdempotencyKey.optional() });

type InputOf<S> = S extends z.ZodTypeAny ? z.input<S> : undefined;

/** A route the BFF passes through to a service; `toRpc` is checked against the rpc's request schema. */
export function passThrough<
  P extends z.ZodTypeAny | undefined = undefined,
  Q extends z.ZodTypeAny | undefined = undefined,
  B extends z.ZodTypeAny | undefined = undefined,
  R extends RpcRef = RpcRef,
>(
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
