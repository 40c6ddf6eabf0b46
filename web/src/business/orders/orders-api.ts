import type { CreateQuoteInput, Order, OrderList, OrderReports, Quote, QuoteList, UpdateOrderBody, UpdateQuoteBody, UserByEmail } from '@kiln/contracts';
import { IDEMPOTENCY_HEADER, ORDER_FILTER_STATUSES, ORDERS_PAGE_SIZE, type OrderFilter } from '@kiln/contracts/constants';
import { request } from '../../api/client';
import { scopeWhere } from '../business-api';
import type { BusinessScope } from '../business-scope';

const ORDER = '/api/workspace/business-order';
const QUOTE = '/api/workspace/business-product-quote';
const at = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;
const ifMatch = (version: number | undefined): Record<string, string> => (version === undefined ? {} : { 'If-Match': String(version) });

/** The header stats and the chart's 12 months (ADR 0058). */
export type Reports = OrderReports;
export type ReportMonth = OrderReports['months'][number];

export interface DealListParams {
  scope: BusinessScope;
  /** 0-based page of ORDERS_PAGE_SIZE. */
  page: number;
  search?: string;
  filter?: OrderFilter;
}

/** Spec 002 §7 list query: where (scope, status, OR contains on the customer's name or e-mail), newest first, 10 a page. */
export function dealListQuery({ scope, page, search = '', filter = 'all' }: DealListParams) {
  const statuses = ORDER_FILTER_STATUSES[filter];
  const term = search.trim();
  const where = {
    ...scopeWhere(scope),
    ...(statuses ? { status: statuses.length === 1 ? statuses[0] : { in: [...statuses] } } : {}),
    ...(term ? { OR: [{ 'customer.fullName': { contains: term } }, { 'customer.email': { contains: term } }] } : {}),
  };
  return {
    where: Object.keys(where).length ? JSON.stringify(where) : undefined,
    sort: JSON.stringify({ createdAt: -1 }),
    skip: page * ORDERS_PAGE_SIZE,
    limit: ORDERS_PAGE_SIZE,
  };
}

/** Spec 002 §9: total pages = total / 10 rounded up. */
export const pageCount = (total: number) => Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));

/** `?timeZone=` for the PDF, so its dates read as the page's (ADR 0059). */
function zoneQuery(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? `?timeZone=${encodeURIComponent(zone)}` : '';
  } catch {
    return '';
  }
}

export const orderApi = {
  list: (params: DealListParams) => request<OrderList>('GET', ORDER, { query: dealListQuery(params) }),
  reports: (scope: BusinessScope) => {
    const where = scopeWhere(scope);
    return request<OrderReports>('GET', `${ORDER}/reports`, { query: { where: Object.keys(where).length ? JSON.stringify(where) : undefined } });
  },
  get: (id: string) => request<Order>('GET', at(ORDER, id)),
  update: (id: string, changes: UpdateOrderBody, version?: number) => request<Order>('PATCH', at(ORDER, id), { body: changes, headers: ifMatch(version) }),
  /** ADR 0059's route: the order as an A4 PDF (document.pdf), its dates in the browser's zone. */
  pdfPath: (id: string) => `${at(ORDER, id)}/pdf${zoneQuery()}`,
};

export const quoteApi = {
  list: (params: DealListParams) => request<QuoteList>('GET', QUOTE, { query: dealListQuery(params) }),
  get: (id: string) => request<Quote>('GET', at(QUOTE, id)),
  create: (body: CreateQuoteInput, key: string) => request<Quote>('POST', QUOTE, { body, headers: { [IDEMPOTENCY_HEADER]: key } }),
  update: (id: string, changes: UpdateQuoteBody, version?: number) =>
    request<Quote & { customerLink?: string | null }>('PATCH', at(QUOTE, id), { body: changes, headers: ifMatch(version) }),
  userByEmail: (email: string) => request<UserByEmail>('GET', `${QUOTE}/user-by-email`, { query: { email } }),
  pdfPath: (id: string) => `${at(QUOTE, id)}/pdf${zoneQuery()}`,
};

export const dealKeys = {
  orders: () => ['business', 'order'] as const,
  orderLists: () => ['business', 'order', 'list'] as const,
  orderList: (p: DealListParams) =>
    ['business', 'order', 'list', { ...scopeWhere(p.scope), page: p.page, filter: p.filter ?? 'all', search: p.search ?? '' }] as const,
  reports: (scope: BusinessScope) => ['business', 'order', 'reports', scopeWhere(scope)] as const,
  order: (id: string) => ['business', 'order', 'item', id] as const,
  quotes: () => ['business', 'quote'] as const,
  quoteLists: () => ['business', 'quote', 'list'] as const,
  quoteList: (p: DealListParams) => ['business', 'quote', 'list', { ...scopeWhere(p.scope), page: p.page, search: p.search ?? '' }] as const,
  quote: (id: string) => ['business', 'quote', 'item', id] as const,
  userByEmail: (email: string) => ['business', 'quote', 'user-by-email', email] as const,
};
