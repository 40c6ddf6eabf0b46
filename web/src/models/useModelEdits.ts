import { useMutation, useQueryClient, type MutationOptions, type QueryClient } from '@tanstack/react-query';
import type { Model } from '@kiln/contracts';
import { outcomeUnknown } from '../api/idempotency';
import { modelPagesApi } from '../api/model-pages';
import { applyModelRemoval, applyModelUpsert, type ModelScope } from './model-cache';
import { useOwnModelDefaults } from './useModels';

/* Create, rename and delete: the model dialogs' changes, of their own chunk; the lists are useModels.ts (docs/adr/0013). */

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
    mutationFn: ({ name, idempotencyKey, scope }) => modelPagesApi.create(name, idempotencyKey, scope),
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
    mutationFn: ({ id, name }: { id: string; name: string }) => modelPagesApi.rename(id, name),
    onSuccess: (model) => applyModelUpsert(queryClient, model, false),
  });
}

export function useDeleteModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => modelPagesApi.remove(id),
    onSuccess: (answer, id) => applyModelRemoval(queryClient, id, answer?.version),
  });
}
