import { useQueryClient } from '@tanstack/react-query';
import type { CatalogItem, Service } from '@kiln/contracts';
import { usePushChannel } from '../realtime/RealtimeProvider';
import { businessKeys } from './business-api';
import { applyPush } from './business-cache';
import { announceVersion } from './history-versions';

/** Merges `business-catalog` pushes (ADR 0029: the owner's, or the team's) into the catalog lists and item pages. */
export function useCatalogPushes() {
  const queryClient = useQueryClient();
  usePushChannel<CatalogItem>('business-catalog', (message) => {
    applyPush(queryClient, businessKeys.catalogLists(), message);
    const item = message?.data;
    if (!item?.id) return;
    // An open item page shows the newer version (its editor refills only a form with nothing unsaved).
    const shown = businessKeys.catalogItem(item.id);
    if (message.verb === 'delete') void queryClient.invalidateQueries({ queryKey: shown });
    else if (queryClient.getQueryData(shown)) queryClient.setQueryData<CatalogItem>(shown, (old) => (old && old.version >= item.version ? old : item));
    void queryClient.invalidateQueries({ queryKey: ['business', 'catalog', 'model-ids'] });
    announceVersion(`catalog:${item.id}`, item.version);
    void queryClient.invalidateQueries({ queryKey: businessKeys.catalogHistory(item.id) });
  });
}

/** Merges `business-service` pushes into the service lists; the recipe editor's service list is fetched again. */
export function useServicePushes() {
  const queryClient = useQueryClient();
  usePushChannel<Service>('business-service', (message) => {
    applyPush(queryClient, ['business', 'service', 'list'], message);
    void queryClient.invalidateQueries({ queryKey: ['business', 'service', 'all'] });
    // An open History dialog of it shows the new entry.
    const service = message?.data;
    if (!service?.id) return;
    announceVersion(`service:${service.id}`, service.version);
    void queryClient.invalidateQueries({ queryKey: businessKeys.recordHistory('service', service.id) });
  });
}
