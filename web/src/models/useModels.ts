import { useInfiniteQuery, useMutation, useQueryClient, type MutationOptions, type QueryClient } from '@tanstack/react-query';
import type { Model } from '@kiln/contracts';
import { MODEL_PAGE_SIZE } from '@kiln/contracts/constants';
import { outcomeUnknown } from '../api/idempotency';
import { modelsApi } from '../api/models';
import { currentUser } from '../auth/session';
import { applyModelRemoval, applyModelUpsert, checkedListAnswer, modelKeys, type ModelScope } from './model-cache';

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
    queryFn: async ({ pageParam }) => checkedListAnswer(queryClient, await modelsApi.list({ search, sort, skip: pageParam, limit: MODEL_PAGE_SIZE, scope })),
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

export interface CreateModelVariables {
  name: string;
  /** The team (and project) the model is created in; none for the personal workspace. */
  scope?: ModelScope;
  /** One per submit (see SubmitKeys); the automatic retries below send it again. */
  idempotencyKey: string;
}

/**
 * Create a model. When the outcome is unknown (network failure, 503) it is tried again with the same key, which
 * the server answers with the first result if the first try did commit.
 */
export function createModelMutation(queryClient: QueryClient, ownDefaults: () => Partial<Model>): MutationOptions<Model, Error, CreateModelVariables> {
  return {
    mutationFn: ({ name, idempotencyKey, scope }) => modelsApi.create(name, idempotencyKey, scope),
    retry: (failures, error) => failures < 2 && outcomeUnknown(error),
    retryDelay: (failures) => 500 * 2 ** failures,
    onSuccess: (model) => applyModelUpsert(queryClient, model, true, ownDefaults()),
  };
}

export function useCreateModel() {
  const queryClient = useQueryClient();
  const ownDefaults = useOwnModelDefaults();
  return useMutation(createModelMutation(queryClient, ownDefaults));
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
    onSuccess: (answer, id) => applyModelRemoval(queryClient, id, answer?.version),
  });
}
