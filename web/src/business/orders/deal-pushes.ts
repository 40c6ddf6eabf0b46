import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Order, PushMessage, Quote } from '@kiln/contracts';
import { ORDER_FILTER_STATUSES, ORDERS_PAGE_SIZE, type OrderFilter } from '@kiln/contracts/constants';
import { recentChangesOf } from '../recent-changes';
import { usePushChannel } from '../../realtime/RealtimeProvider';
import { inScope } from '../business-cache';
import { dealKeys } from './orders-api';

/** A push travels beside the projection the lists read: the pages are fetched again once it has surely caught up. */
const RECONCILE_MS = 2000;

type Deal = Order | Quote;
type ListFilters = { teamId?: string; projectId?: string; page?: number; filter?: OrderFilter; search?: string };

/** Whether a deal belongs in a cached list page: its scope, the filter's statuses, the search on the customer's name or e-mail. */
export function listHolds(deal: Deal, f: ListFilters): boolean {
  const statuses = ORDER_FILTER_STATUSES[f.filter ?? 'all'] as readonly string[] | null;
  const term = (f.search ?? '').toLowerCase();
  return (
    inScope(deal, f) &&
    (!statuses || statuses.includes(deal.status)) &&
    (!term || deal.customer.fullName.toLowerCase().includes(term) || deal.customer.email.toLowerCase().includes(term))
  );
}

/** The deals of one list (`order` or `quote`) pushed lately: a refetch may read a lagging projection (ADR 0071). */
const recentOf = (queryClient: QueryClient, listKey: QueryKey) => recentChangesOf<Deal>(queryClient, `deals:${String(listKey[1])}`);

/**
 * A page of a deal list as the service answered it, checked against the deals pushed in the last RECENT_CHANGE_MS: a
 * newer copy replaces the answer's (or takes it out of a filter it left), and page 1 gets the ones it lacks first.
 */
export function checkedDealPage<T extends Deal>(
  queryClient: QueryClient,
  listKey: QueryKey,
  page: { data: T[]; total: number },
  filters: ListFilters,
  now = Date.now(),
) {
  let data = page.data;
  let total = page.total;
  for (const [, deal] of recentOf(queryClient, listKey).entries(now)) {
    const held = data.find((d) => d.id === deal.id);
    const fits = listHolds(deal, filters);
    if (held) {
      if (held.version >= deal.version) continue;
      if (fits) data = data.map((d) => (d.id === deal.id ? (deal as T) : d));
      else [data, total] = [data.filter((d) => d.id !== deal.id), total - 1];
    } else if (fits && (filters.page ?? 0) === 0) [data, total] = [[deal as T, ...data].slice(0, ORDERS_PAGE_SIZE), total + 1];
  }
  return { ...page, data, total: Math.max(0, total) };
}

/**
 * One push merged into the cached list pages at once (ADR 0058): a known deal is replaced when newer (or leaves a
 * filter it no longer matches), a new one, or one entering a filter, goes first on page 1; later the pages are
 * fetched again, so the total and the pages' cut agree with the service.
 */
export function applyDealPush<T extends Deal>(queryClient: QueryClient, listKey: QueryKey, message: PushMessage<T>) {
  const deal = message?.data;
  if (!deal?.id) return;
  const recent = recentOf(queryClient, listKey);
  const known = recent.get(deal.id);
  if (!known || known.version < deal.version) recent.set(deal.id, deal);
  for (const [key, data] of queryClient.getQueriesData<{ data: T[]; total: number }>({ queryKey: listKey })) {
    if (!data) continue;
    const filters = (key[key.length - 1] ?? {}) as ListFilters;
    const held = data.data.find((d) => d.id === deal.id);
    const fits = listHolds(deal, filters);
    if (held) {
      if (held.version >= deal.version) continue;
      queryClient.setQueryData(
        key,
        fits
          ? { ...data, data: data.data.map((d) => (d.id === deal.id ? deal : d)) }
          : { data: data.data.filter((d) => d.id !== deal.id), total: data.total - 1 },
      );
    } else if (fits && (filters.page ?? 0) === 0) {
      queryClient.setQueryData(key, { data: [deal, ...data.data].slice(0, ORDERS_PAGE_SIZE), total: data.total + 1 });
    }
  }
  setTimeout(() => void queryClient.invalidateQueries({ queryKey: listKey }), RECONCILE_MS);
}

/** `business-order` pushes (ADR 0057: the seller's, or the team's): the lists, the header stats, an open order. */
export function useOrderPushes() {
  const queryClient = useQueryClient();
  usePushChannel<Order>('business-order', (message) => {
    applyDealPush(queryClient, dealKeys.orderLists(), message);
    const reports = () => void queryClient.invalidateQueries({ queryKey: ['business', 'order', 'reports'] });
    reports();
    setTimeout(reports, RECONCILE_MS);
    const order = message?.data;
    if (order?.id) queryClient.setQueryData<Order>(dealKeys.order(order.id), (old) => (old && old.version >= order.version ? old : order));
  });
}

/** `business-quote` pushes: the same for quotes. */
export function useQuotePushes() {
  const queryClient = useQueryClient();
  usePushChannel<Quote>('business-quote', (message) => {
    applyDealPush(queryClient, dealKeys.quoteLists(), message);
    const quote = message?.data;
    if (quote?.id) queryClient.setQueryData<Quote>(dealKeys.quote(quote.id), (old) => (old && old.version >= quote.version ? old : quote));
  });
}
