import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { MODEL_PAGE_SIZE, type Model } from '@kiln/contracts';
import { modelsApi } from '../api/models';
import { currentUser } from '../auth/session';
import { applyModelRemoval, applyModelUpsert, modelKeys } from './model-cache';

/** My Models, 20 at a time; the next page starts after what is loaded (pushes may have added or removed rows). */
export function useModelList(search: string, sort: string) {
  return useInfiniteQuery({
    queryKey: modelKeys.list(search, sort),
    queryFn: ({ pageParam }) => modelsApi.list({ search, sort, skip: pageParam, limit: MODEL_PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, allPages) => {
      const loaded = allPages.reduce((sum, page) => sum + page.data.length, 0);
      return lastPage.data.length > 0 && loaded < lastPage.total ? loaded : undefined;
    },
  });
}

/** The author and role a model made by the signed-in user has when the answer or push lacks them. */
export function useOwnModelDefaults() {
  const queryClient = useQueryClient();
  return (): Partial<Model> => {
    const me = currentUser(queryClient);
    return me ? { author: me, userRole: 'owner' } : { userRole: 'owner' };
  };
}

export function useCreateModel() {
  const queryClient = useQueryClient();
  const ownDefaults = useOwnModelDefaults();
  return useMutation({
    mutationFn: (name: string) => modelsApi.create(name),
    onSuccess: (model) => applyModelUpsert(queryClient, model, true, ownDefaults()),
  });
}

export function useRenameModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => modelsApi.rename(id, name),
    onSuccess: (model) => applyModelUpsert(queryClient, model, false),
  });
}

export function useDeleteModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => modelsApi.remove(id),
    onSuccess: (_answer, id) => applyModelRemoval(queryClient, id),
  });
}
