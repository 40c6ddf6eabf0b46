import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BUSINESS_PAGE_SIZE } from '@kiln/contracts/constants';
import type { AddCatalogItemInput, CatalogItem } from '@kiln/contracts';
import { outcomeUnknown } from '../../api/idempotency';
import { businessKeys, catalogApi, scopeWhere } from '../business-api';
import { applyRemoval, applyUpsert, checkedBusinessList, nextBusinessSkip } from '../business-cache';
import type { BusinessScope } from '../business-scope';

/** The catalog of a scope, 20 at a time (spec 002 §9); each page checked against what this page changed meanwhile. */
export function useCatalogList(search: string, sort: string, scope: BusinessScope) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: businessKeys.catalogList(search, sort, scope),
    queryFn: async ({ pageParam }) =>
      checkedBusinessList(queryClient, businessKeys.catalogLists(), await catalogApi.list({ search, sort, skip: pageParam, scope }), pageParam, {
        search,
        ...scopeWhere(scope),
      }),
    initialPageParam: 0,
    getNextPageParam: nextBusinessSkip(BUSINESS_PAGE_SIZE),
  });
}

/** The model ids already in the scope's catalog (the Added badges, and the From workspace picker leaves them out). */
export function useCatalogModelIds(scope: BusinessScope) {
  return useQuery({
    queryKey: businessKeys.catalogModelIds(scope),
    queryFn: async () => {
      const ids = new Set<string>();
      // Pages of 100 until a short one: the catalog of one seller is small (ADR 0032).
      for (let skip = 0; skip < 10_000; skip += 100) {
        const page = await catalogApi.list({ search: '', sort: 'createdAt ASC', skip, scope, limit: 100 });
        page.data.forEach((item) => ids.add(item.modelId));
        if (page.data.length < 100) break;
      }
      return [...ids];
    },
  });
}

/** After an add or a removal, the model-id set is fetched again (it is only a hint for badges and the picker). */
function afterChange(queryClient: ReturnType<typeof useQueryClient>, items: CatalogItem[], isNew: boolean) {
  for (const item of items) applyUpsert(queryClient, businessKeys.catalogLists(), item, isNew);
  void queryClient.invalidateQueries({ queryKey: ['business', 'catalog', 'model-ids'] });
}

export function useAddCatalogItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ items, key }: { items: AddCatalogItemInput[]; key: string }) => catalogApi.addMany(items, key),
    retry: (failures, error) => failures < 2 && outcomeUnknown(error),
    onSuccess: (answer) => afterChange(queryClient, answer.data, true),
  });
}

export function useAddCatalogItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, key }: { item: AddCatalogItemInput; key: string }) => catalogApi.add(item, key),
    retry: (failures, error) => failures < 2 && outcomeUnknown(error),
    onSuccess: (item) => afterChange(queryClient, [item], true),
  });
}

export function useRenameCatalogItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, name }: { item: CatalogItem; name: string }) => catalogApi.update(item.id, { name }),
    onSuccess: (item) => {
      applyUpsert(queryClient, businessKeys.catalogLists(), item, false);
      queryClient.setQueryData(businessKeys.catalogItem(item.id), item);
      void queryClient.invalidateQueries({ queryKey: businessKeys.catalogHistory(item.id) });
    },
  });
}

export function useRemoveCatalogItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: CatalogItem) => catalogApi.remove(item.id),
    onSuccess: (removed) => {
      applyRemoval(queryClient, businessKeys.catalogLists(), removed);
      void queryClient.invalidateQueries({ queryKey: ['business', 'catalog', 'model-ids'] });
    },
  });
}

/** Undo of a removal (issue 17): the same item, with its history, back in the lists. */
export function useRestoreCatalogItem() {
  const queryClient = useQueryClient();
  return async (item: CatalogItem) => afterChange(queryClient, [await catalogApi.restore(item.id)], true);
}
