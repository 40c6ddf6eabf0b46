import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { Model } from '@kiln/contracts';
import { MODEL_PAGE_SIZE } from '@kiln/contracts/constants';
import { modelsApi } from '../api/models';
import { currentUser } from '../auth/session';
import { checkedListAnswer, modelKeys, type ModelScope } from './model-cache';

/** The next page starts after what is loaded (pushes may have added or removed rows); none once all are there. */
export function nextSkip(lastPage: { data: unknown[]; total: number }, allPages: { data: unknown[] }[]): number | undefined {
  const loaded = allPages.reduce((sum, page) => sum + page.data.length, 0);
  return lastPage.data.length > 0 && loaded < lastPage.total ? loaded : undefined;
}

/** My Models (or a team's or project's models), 20 at a time. */
export function useModelList(search: string, sort: string, scope: ModelScope = {}) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: modelKeys.list(search, sort, scope),
    // A page may have left the server before a push it had not seen: checked against what the cache knows.
    queryFn: async ({ pageParam }) =>
      checkedListAnswer(
        queryClient,
        await modelsApi.list({ search, sort, skip: pageParam, limit: MODEL_PAGE_SIZE, scope }),
        pageParam,
        modelKeys.list(search, sort, scope),
      ),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
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
