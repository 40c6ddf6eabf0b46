import { useQueryClient } from '@tanstack/react-query';
import type { Order, Quote } from '@kiln/contracts';
import { usePushChannel } from '../../realtime/RealtimeProvider';
import { dealKeys } from './orders-api';

/**
 * `business-order` pushes (ADR 0057: the seller's, or the team's): the pages of the list and the header stats are
 * fetched again (a page of 10 counted from the total cannot be patched in place), an open order shows the newer version.
 */
export function useOrderPushes() {
  const queryClient = useQueryClient();
  usePushChannel<Order>('business-order', (message) => {
    void queryClient.invalidateQueries({ queryKey: dealKeys.orderLists() });
    void queryClient.invalidateQueries({ queryKey: ['business', 'order', 'reports'] });
    const order = message?.data;
    if (order?.id) queryClient.setQueryData<Order>(dealKeys.order(order.id), (old) => (old && old.version >= order.version ? old : order));
  });
}

/** `business-quote` pushes: the same for quotes. */
export function useQuotePushes() {
  const queryClient = useQueryClient();
  usePushChannel<Quote>('business-quote', (message) => {
    void queryClient.invalidateQueries({ queryKey: dealKeys.quoteLists() });
    const quote = message?.data;
    if (quote?.id) queryClient.setQueryData<Quote>(dealKeys.quote(quote.id), (old) => (old && old.version >= quote.version ? old : quote));
  });
}
