import { Controller, Inject, Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MessagePattern } from '@nestjs/microservices';
import { z } from 'zod';
import { nsSubject } from '../config';
import { ServiceRuntime } from './service-runtime';

export interface RpcContract<Req extends z.ZodTypeAny = z.ZodTypeAny, Rep extends z.ZodTypeAny = z.ZodTypeAny> {
  subject: string;
  request: Req;
  reply: Rep;
}

/** What a route's handler may use: the buses, the runtime, and any provider of the service's module. */
export interface RpcContext {
  commands: CommandBus;
  queries: QueryBus;
  runtime: ServiceRuntime;
  get<T>(token: Type<T> | symbol | string): T;
}

export interface RpcRoute<Req extends z.ZodTypeAny = z.ZodTypeAny, Rep extends z.ZodTypeAny = z.ZodTypeAny> {
  rpc: RpcContract<Req, Rep>;
  /** Commands change state: they count against the caller's command limit. */
  kind: 'command' | 'query';
  handle(request: z.output<Req>, context: RpcContext): Promise<z.input<Rep>>;
}

/** Types one table entry from its contract (the request it gets, the reply it must give). */
export const rpcRoute = <Req extends z.ZodTypeAny, Rep extends z.ZodTypeAny>(route: RpcRoute<Req, Rep>): RpcRoute<Req, Rep> => route;

/**
 * The NATS face of a service, from one table: each route answers its contract's subject (namespaced),
 * parses the request with the contract (a mismatch is a 400), counts commands against the caller's
 * limit, and runs the handler. Call at import time, after KILN_NAMESPACE is set, like a decorator.
 */
export function rpcController(name: string, routes: RpcRoute[]): Type<unknown> {
  @Controller()
  class RpcTableController implements RpcContext {
    constructor(
      @Inject(CommandBus) readonly commands: CommandBus,
      @Inject(QueryBus) readonly queries: QueryBus,
      @Inject(ServiceRuntime) readonly runtime: ServiceRuntime,
      @Inject(ModuleRef) private readonly moduleRef: ModuleRef,
    ) {}

    get<T>(token: Type<T> | symbol | string): T {
      return this.moduleRef.get(token, { strict: false });
    }
  }
  routes.forEach((route, index) => {
    const method = `${index}:${route.rpc.subject}`;
    const handler = async function (this: RpcTableController, payload: unknown) {
      const request = route.rpc.request.parse(payload);
      // A command's contract has the caller in `actor` (what the command limit counts by).
      if (route.kind === 'command') await this.runtime.beforeCommand(request as { actor?: { userId: string } });
      return route.handle(request, this);
    };
    Object.defineProperty(RpcTableController.prototype, method, { value: handler, writable: true, configurable: true });
    MessagePattern(nsSubject(route.rpc.subject))(RpcTableController.prototype, method, Object.getOwnPropertyDescriptor(RpcTableController.prototype, method)!);
  });
  Object.defineProperty(RpcTableController, 'name', { value: name });
  return RpcTableController;
}
