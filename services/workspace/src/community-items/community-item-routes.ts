import { Command, Query } from '@nestjs/cqrs';
import { RpcContext, RpcContract, RpcRoute, rpcRoute } from '@kiln/service-kit';
import { z } from 'zod';

/** The routes every community item has (textures, scenes: spec 001 §2–§7, ADR 0061), by their contracts. */
export interface CommunityItemRpcs {
  create: RpcContract;
  get: RpcContract;
  tags: RpcContract;
  update: RpcContract;
  delete: RpcContract;
  reject: RpcContract;
}

type Body<C extends RpcContract> = z.output<C['request']> extends { body: infer B } ? B : never;
type Changes<C extends RpcContract> = Body<C> extends { changes: infer X } ? X : never;
type Reply<C extends RpcContract> = z.input<C['reply']>;

/** How one kind answers them: its commands and queries, and the answer of a command (its state once projected). */
export interface CommunityItemUseCases<R extends CommunityItemRpcs, Change> {
  answer(context: RpcContext, actorId: string, change: Change): Promise<Reply<R['create']>>;
  create(actorId: string, body: Body<R['create']>): Command<Change>;
  get(actorId: string, id: string): Query<Reply<R['get']>>;
  tags(actorId: string, body: Body<R['tags']>): Query<Reply<R['tags']>>;
  update(actorId: string, id: string, changes: Changes<R['update']>): Command<Change>;
  /** The answer is the item's last state, as it was when it went away. */
  delete(actorId: string, id: string): Command<Change>;
  reject(actorId: string, id: string, reason: string | null): Command<Change>;
}

/** What the six contracts' requests have (each contract parses its own; the use cases above are typed by them). */
type Request = { actor: { userId: string }; body: { id: string; changes: { reason?: string | null } } };

/** The create, get, tags, update, delete and reject routes of a community item, written once; its lists are its own. */
export function communityItemRoutes<R extends CommunityItemRpcs, Change>(rpc: R, item: CommunityItemUseCases<R, Change>): RpcRoute[] {
  const command = (contract: RpcContract, toCommand: (request: Request) => Command<Change>) =>
    rpcRoute({
      rpc: contract,
      kind: 'command',
      handle: async (request: Request, context) => item.answer(context, request.actor.userId, await context.commands.execute(toCommand(request))),
    });
  const query = (contract: RpcContract, toQuery: (request: Request) => Query<unknown>) =>
    rpcRoute({ rpc: contract, kind: 'query', handle: (request: Request, context) => context.queries.execute(toQuery(request)) });
  return [
    command(rpc.create, ({ actor, body }) => item.create(actor.userId, body as never)),
    query(rpc.get, ({ actor, body }) => item.get(actor.userId, body.id)),
    query(rpc.tags, ({ actor, body }) => item.tags(actor.userId, body as never)),
    command(rpc.update, ({ actor, body }) => item.update(actor.userId, body.id, body.changes as never)),
    command(rpc.delete, ({ actor, body }) => item.delete(actor.userId, body.id)),
    command(rpc.reject, ({ actor, body }) => item.reject(actor.userId, body.id, body.changes.reason ?? null)),
  ];
}
