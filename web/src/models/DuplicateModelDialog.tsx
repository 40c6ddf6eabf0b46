import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Model } from '@kiln/contracts';
import { modelPagesApi } from '../api/model-pages';
import { applyModelUpsert } from './model-cache';
import { ModelNameDialog } from './ModelNameDialog';
import { useOwnModelDefaults } from './useModels';

/** Spec 000 §9: the copy's name starts as '(Duplicate) ' + the model's name. */
export const DUPLICATE_PREFIX = '(Duplicate) ';

/** Duplicate into my workspace: the same name rules as New Model and Rename (spec 000 §5). */
export function DuplicateModelDialog({ model, onClose }: { model: Model; onClose: () => void }) {
  const queryClient = useQueryClient();
  const ownDefaults = useOwnModelDefaults();
  const duplicate = useMutation({
    mutationFn: (name: string) => modelPagesApi.duplicate(model.id, name),
    onSuccess: (copy) => applyModelUpsert(queryClient, copy, true, ownDefaults()),
  });
  return (
    <ModelNameDialog
      title="Duplicate model"
      submitLabel="Duplicate"
      pendingLabel="Duplicating…"
      initialName={`${DUPLICATE_PREFIX}${model.name}`}
      onSubmit={(name) => duplicate.mutateAsync(name)}
      onClose={onClose}
    />
  );
}
