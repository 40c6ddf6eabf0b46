import { OrderList, OrderRpc, Quote, QuoteList } from '@kiln/contracts';
import { QUOTE_LINK_RATE_LIMIT } from '@kiln/domain';
import { answerAfterProjection, AreaRoutes, idempotencyClaim, RateLimiter, RpcContext, rpcRoute, runIdempotent } from '@kiln/service-kit';
import { committedRecord, recordRoutes } from '../business-records/business-records.routes';
import { SCHEMA } from '../database.types';
import { ConfiguredQuoteMailer } from './adapters/configured-quote-mailer';
import { NatsCustomerDirectory } from './adapters/nats-customer-directory';
import { PgOrderReadModel } from './adapters/pg-order-read-model';
import { PgQuoteLinks } from './adapters/pg-quote-links';
import { PgQuoteSources } from './adapters/pg-quote-sources';
import { AnswerQuoteCommand } from './commands/answer-quote/answer-quote.command';
import { AnswerQuoteHandler } from './commands/answer-quote/answer-quote.handler';
import { ChangeOrderCommand } from './commands/change-order/change-order.command';
import { ChangeOrderHandler } from './commands/change-order/change-order.handler';
import { ChangeQuoteCommand } from './commands/change-quote/change-quote.command';
import { ChangeQuoteHandler } from './commands/change-quote/change-quote.handler';
import { CreateQuoteCommand } from './commands/create-quote/create-quote.command';
import { CreateQuoteHandler } from './commands/create-quote/create-quote.handler';
import { orderType, quoteType } from './order-type';
import { CUSTOMER_DIRECTORY } from './ports/customer-directory.port';
import { ORDER_READ_MODEL } from './ports/order-read-model.port';
import { QUOTE_LINKS } from './ports/quote-links.port';
import { QUOTE_MAILER } from './ports/quote-mailer.port';
import { QUOTE_SOURCES } from './ports/quote-sources.port';
import { sha256 } from './quote-links';
import { ProjectOrderReports } from './projections/project-order-reports';
import { ProjectOrdersOnOrderEvents } from './projections/project-orders-on-order-events';
import { ProjectQuotesOnQuoteEvents } from './projections/project-quotes-on-quote-events';
import { ListDealsHandler } from './queries/list-deals/list-deals.handler';
import { ListDealsQuery } from './queries/list-deals/list-deals.query';
import { OrderReportsHandler } from './queries/order-reports/order-reports.handler';
import { OrderReportsQuery } from './queries/order-reports/order-reports.query';
import { PublicQuoteHandler } from './queries/public-quote/public-quote.handler';
import { PublicQuoteQuery } from './queries/public-quote/public-quote.query';
import { UserByEmailHandler } from './queries/user-by-email/user-by-email.handler';
import { UserByEmailQuery } from './queries/user-by-email/user-by-email.query';

/** One hit on a customer link's answer limit (429 with Retry-After past it). */
async function limitLink(context: RpcContext, token: string): Promise<void> {
  await new RateLimiter(context.runtime.db, SCHEMA).hit(`quote-link:${sha256(token)}`, QUOTE_LINK_RATE_LIMIT);
}

/**
 * Orders and quotes (spec 002 §2–§7; ADR 0057): business records (ADR 0029) — get, history and `?version=N`
 * from the generic use cases — with their own lists (status, customer search, 10 a page), header stats from a
 * projection, quote creation priced from the recipe, the state machines' changes, and the customer's link.
 * Commands answer once the read model shows their change.
 */
export const ordersRoutes: AreaRoutes = {
  providers: [
    { provide: QUOTE_SOURCES, useClass: PgQuoteSources },
    { provide: CUSTOMER_DIRECTORY, useClass: NatsCustomerDirectory },
    { provide: QUOTE_LINKS, useClass: PgQuoteLinks },
    { provide: QUOTE_MAILER, useClass: ConfiguredQuoteMailer },
    { provide: ORDER_READ_MODEL, useClass: PgOrderReadModel },
    CreateQuoteHandler,
    ChangeQuoteHandler,
    ChangeOrderHandler,
    AnswerQuoteHandler,
    ListDealsHandler,
    OrderReportsHandler,
    UserByEmailHandler,
    PublicQuoteHandler,
  ],
  // Orders before their reports: a rebuild sums the rebuilt order view.
  projections: [ProjectQuotesOnQuoteEvents, ProjectOrdersOnOrderEvents, ProjectOrderReports],
  routes: [
    ...recordRoutes(orderType, ProjectOrdersOnOrderEvents, { get: OrderRpc.getOrder, history: OrderRpc.orderHistory }),
    ...recordRoutes(quoteType, ProjectQuotesOnQuoteEvents, { get: OrderRpc.getQuote, history: OrderRpc.quoteHistory }),
    rpcRoute({
      rpc: OrderRpc.listOrders,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListDealsQuery(orderType, actor.userId, body)) as Promise<OrderList>,
    }),
    rpcRoute({
      rpc: OrderRpc.listQuotes,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListDealsQuery(quoteType, actor.userId, body)) as Promise<QuoteList>,
    }),
    rpcRoute({
      rpc: OrderRpc.orderReports,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new OrderReportsQuery(actor.userId, body.where)),
    }),
    rpcRoute({
      rpc: OrderRpc.userByEmail,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new UserByEmailQuery(actor.userId, body.email)),
    }),
    rpcRoute({
      rpc: OrderRpc.createQuote,
      kind: 'command',
      handle: ({ actor, body, idempotencyKey }, context) => {
        const claim = idempotencyClaim(OrderRpc.createQuote, { actor, body, idempotencyKey });
        return runIdempotent(
          context.runtime.db,
          SCHEMA,
          claim,
          async () => {
            const change = await context.commands.execute(new CreateQuoteCommand(actor.userId, body, claim ?? undefined));
            return answerAfterProjection(context, [ProjectQuotesOnQuoteEvents, change.eventIds], () => change.record);
          },
          (id) => committedRecord(context, quoteType, id) as Promise<Quote>,
        );
      },
    }),
    rpcRoute({
      rpc: OrderRpc.updateQuote,
      kind: 'command',
      handle: async ({ actor, body }, context) => {
        const change = await context.commands.execute(new ChangeQuoteCommand(actor.userId, body.id, body.changes, body.ifMatch));
        return answerAfterProjection(context, [ProjectQuotesOnQuoteEvents, change.eventIds], () => change.record);
      },
    }),
    rpcRoute({
      rpc: OrderRpc.updateOrder,
      kind: 'command',
      handle: async ({ actor, body }, context) => {
        const change = await context.commands.execute(new ChangeOrderCommand(actor.userId, body.id, body.changes, body.ifMatch));
        return answerAfterProjection(context, [ProjectOrdersOnOrderEvents, change.eventIds], () => change.record);
      },
    }),
    rpcRoute({
      rpc: OrderRpc.publicQuote,
      kind: 'query',
      handle: ({ body }, context) => context.queries.execute(new PublicQuoteQuery(body.token)),
    }),
    // The customer's answers are commands without an account: counted per link (kind 'query' keeps them out of the
    // per-person command bucket, which would be one bucket for every anonymous caller).
    rpcRoute({
      rpc: OrderRpc.publicAccept,
      kind: 'query',
      handle: async ({ body }, context) => {
        await limitLink(context, body.token);
        const result = await context.commands.execute(new AnswerQuoteCommand(body.token, 'accept'));
        return answerAfterProjection(context, [ProjectQuotesOnQuoteEvents, result.eventIds], () => result.answer);
      },
    }),
    rpcRoute({
      rpc: OrderRpc.publicDecline,
      kind: 'query',
      handle: async ({ body }, context) => {
        await limitLink(context, body.token);
        const result = await context.commands.execute(new AnswerQuoteCommand(body.token, 'decline', body.note));
        return answerAfterProjection(context, [ProjectQuotesOnQuoteEvents, result.eventIds], () => result.answer);
      },
    }),
  ],
};
