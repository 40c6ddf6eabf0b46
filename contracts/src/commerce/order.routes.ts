import { z } from 'zod';
import { Actor } from '../common/errors';
import { creating, passThrough as route, rpc, withActor } from '../common/contract-builders';
import type { HttpRoute } from '../http';
import {
  ChangedQuote,
  CreateQuoteBody,
  Order,
  OrderList,
  OrderListQuery,
  OrderReports,
  OrderReportsQuery,
  PublicDeclineBody,
  PublicQuote,
  Quote,
  QuoteList,
  QuoteTokenParams,
  UpdateOrderBody,
  UpdateQuoteBody,
  UserByEmail,
  UserByEmailQuery,
} from './order';
import { History, RecordIdParams, RecordVersionQuery } from './records';

const changing = <C extends z.ZodTypeAny>(changes: C) => withActor(z.object({ id: z.string(), changes, ifMatch: z.number().int().optional() }));
const reading = withActor(z.object({ id: z.string(), version: z.number().int().optional() }));
const IdBody = z.object({ id: z.string() });
/** The customer's link carries no account: `actor.userId` is '' (ADR 0057); the token is the authority. */
const byToken = <B extends z.ZodTypeAny>(body: B) => z.object({ actor: Actor, body: body });

/** The commerce service's NATS requests for orders and quotes (`rpc.commerce.business.order.*`, `…quote.*`). */
export const OrderRpc = {
  listOrders: rpc('rpc.commerce.business.order.list', withActor(OrderListQuery), OrderList),
  orderReports: rpc('rpc.commerce.business.order.reports', withActor(OrderReportsQuery), OrderReports),
  getOrder: rpc('rpc.commerce.business.order.get', reading, Order),
  orderHistory: rpc('rpc.commerce.business.order.history', withActor(IdBody), History),
  updateOrder: rpc('rpc.commerce.business.order.update', changing(UpdateOrderBody), Order),

  listQuotes: rpc('rpc.commerce.business.quote.list', withActor(OrderListQuery), QuoteList),
  getQuote: rpc('rpc.commerce.business.quote.get', reading, Quote),
  quoteHistory: rpc('rpc.commerce.business.quote.history', withActor(IdBody), History),
  createQuote: rpc('rpc.commerce.business.quote.create', creating(CreateQuoteBody), Quote),
  updateQuote: rpc('rpc.commerce.business.quote.update', changing(UpdateQuoteBody), ChangedQuote),
  userByEmail: rpc('rpc.commerce.business.quote.user-by-email', withActor(UserByEmailQuery), UserByEmail),

  publicQuote: rpc('rpc.commerce.public.quote.get', byToken(z.object({ token: z.string() })), PublicQuote),
  publicAccept: rpc('rpc.commerce.public.quote.accept', byToken(z.object({ token: z.string() })), PublicQuote),
  publicDecline: rpc('rpc.commerce.public.quote.decline', byToken(z.object({ token: z.string(), note: z.string().optional() })), PublicQuote),
} as const;

const withIfMatch = (ifMatch: number | undefined) => (ifMatch === undefined ? {} : { ifMatch });
const readVersion = (version: unknown) => (version === undefined ? {} : { version: Number(version) });

/**
 * Spec 002 §7's order and quote calls, plus ours (ADR 0057): creating a quote, the timelines, and the
 * customer's link (no account). Fixed paths (`reports`, `user-by-email`) come before the `{id}` routes.
 */
export const OrderHttpRoutes = {
  orderReports: route({
    method: 'get',
    path: '/api/workspace/business-order/reports',
    summary: 'Header stats of the orders list: new (pending) orders, monthly and yearly revenue, from a projection',
    auth: true,
    query: OrderReportsQuery,
    response: OrderReports,
    rpc: OrderRpc.orderReports,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  listOrders: route({
    method: 'get',
    path: '/api/workspace/business-order',
    summary: 'Orders of a scope (where teamId / projectId, status, OR contains on customer fullName or email), 10 a page, with the total',
    auth: true,
    query: OrderListQuery,
    response: OrderList,
    rpc: OrderRpc.listOrders,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  orderHistory: route({
    method: 'get',
    path: '/api/workspace/business-order/{id}/history',
    summary: 'Who changed what and when on one order, oldest first',
    auth: true,
    params: RecordIdParams,
    response: History,
    rpc: OrderRpc.orderHistory,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  getOrder: route({
    method: 'get',
    path: '/api/workspace/business-order/{id}',
    summary: 'One order (its catalog item included); ?version=N as it was after its N-th change. ETag: its version.',
    auth: true,
    versioned: true,
    params: RecordIdParams,
    query: RecordVersionQuery,
    response: Order,
    rpc: OrderRpc.getOrder,
    toRpc: ({ actor, params, query }) => ({ actor, body: { id: params.id, ...readVersion(query.version) } }),
  }),
  updateOrder: route({
    method: 'patch',
    path: '/api/workspace/business-order/{id}',
    summary: 'Accept, decline (with the reason as note), mark as complete, or edit the customer, as spec 002 §4 allows (409 otherwise); If-Match → 412',
    auth: true,
    versioned: true,
    params: RecordIdParams,
    body: UpdateOrderBody,
    response: Order,
    rpc: OrderRpc.updateOrder,
    toRpc: ({ actor, params, body, ifMatch }) => ({ actor, body: { id: params.id, changes: body, ...withIfMatch(ifMatch) } }),
  }),

  quoteUserByEmail: route({
    method: 'get',
    path: '/api/workspace/business-product-quote/user-by-email',
    summary: "A registered user's full name by e-mail (the create modal fills and locks it); 404 when nobody has it",
    auth: true,
    query: UserByEmailQuery,
    response: UserByEmail,
    rpc: OrderRpc.userByEmail,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  listQuotes: route({
    method: 'get',
    path: '/api/workspace/business-product-quote',
    summary: 'Quotes of a scope (same query as orders), 10 a page, with the total',
    auth: true,
    query: OrderListQuery,
    response: QuoteList,
    rpc: OrderRpc.listQuotes,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  createQuote: route({
    method: 'post',
    path: '/api/workspace/business-product-quote',
    summary: "Create a quote for a catalog item: priced from its recipe with today's prices, status Quotation needed",
    auth: true,
    status: 201,
    idempotent: true,
    versioned: true,
    body: CreateQuoteBody,
    response: Quote,
    rpc: OrderRpc.createQuote,
    toRpc: ({ actor, body, idempotencyKey }) => ({ actor, body, ...(idempotencyKey ? { idempotencyKey } : {}) }),
  }),
  quoteHistory: route({
    method: 'get',
    path: '/api/workspace/business-product-quote/{id}/history',
    summary: 'Who changed what and when on one quote, oldest first',
    auth: true,
    params: RecordIdParams,
    response: History,
    rpc: OrderRpc.quoteHistory,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  getQuote: route({
    method: 'get',
    path: '/api/workspace/business-product-quote/{id}',
    summary: 'One quote with its revisions; ?version=N as it was after its N-th change. ETag: its version.',
    auth: true,
    versioned: true,
    params: RecordIdParams,
    query: RecordVersionQuery,
    response: Quote,
    rpc: OrderRpc.getQuote,
    toRpc: ({ actor, params, query }) => ({ actor, body: { id: params.id, ...readVersion(query.version) } }),
  }),
  updateQuote: route({
    method: 'patch',
    path: '/api/workspace/business-product-quote/{id}',
    summary: 'Send (freezes a revision and e-mails the link), save the send values (a sent quote: a new revision), revoke with a reason, or edit the customer',
    auth: true,
    versioned: true,
    params: RecordIdParams,
    body: UpdateQuoteBody,
    response: ChangedQuote,
    rpc: OrderRpc.updateQuote,
    toRpc: ({ actor, params, body, ifMatch }) => ({ actor, body: { id: params.id, changes: body, ...withIfMatch(ifMatch) } }),
  }),

  publicQuote: route({
    method: 'get',
    path: '/api/public/quote/{token}',
    summary: "The customer's page (no account): the quotation's current frozen revision, and whether it can still be answered",
    auth: false,
    params: QuoteTokenParams,
    response: PublicQuote,
    rpc: OrderRpc.publicQuote,
    toRpc: ({ actor, params }) => ({ actor, body: { token: params.token } }),
  }),
  publicAcceptQuote: route({
    method: 'post',
    path: '/api/public/quote/{token}/accept',
    summary: 'The customer accepts the quotation: an order is made from its frozen revision (409 with a sentence when expired or revoked)',
    auth: false,
    params: QuoteTokenParams,
    response: PublicQuote,
    rpc: OrderRpc.publicAccept,
    toRpc: ({ actor, params }) => ({ actor, body: { token: params.token } }),
  }),
  publicDeclineQuote: route({
    method: 'post',
    path: '/api/public/quote/{token}/decline',
    summary: 'The customer declines the quotation (an optional reason)',
    auth: false,
    params: QuoteTokenParams,
    body: PublicDeclineBody,
    response: PublicQuote,
    rpc: OrderRpc.publicDecline,
    toRpc: ({ actor, params, body }) => ({ actor, body: { token: params.token, ...(body?.note ? { note: body.note } : {}) } }),
  }),
} satisfies Record<string, HttpRoute>;
