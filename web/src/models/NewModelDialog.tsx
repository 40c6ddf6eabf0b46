import { lazy, Suspense, useState } from 'react';
import { SubmitKeys } from '../api/idempotency';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import type { ModelScope } from './model-cache';
import { ModelNameDialog } from './ModelNameDialog';
import { useCreateModel } from './useModelEdits';

// three.js is big: load the preview only when the dialog opens, and never let it break the form.
const ModelPreview = lazy(() => import('./ModelPreview'));

/** New Model in the current scope (spec 000 §2): personal, a team, or a team's project. */
export function NewModelDialog({ onClose, scope }: { onClose: () => void; scope?: ModelScope }) {
  const create = useCreateModel();
  const [keys] = useState(() => new SubmitKeys());
  const submit = async (name: string) => {
    const idempotencyKey = keys.keyFor({ name });
    try {
      await create.mutateAsync({ name, idempotencyKey, scope });
      keys.settled();
    } catch (error) {
      keys.settled(error);
      throw error;
    }
  };
  return (
    <ModelNameDialog title="New Model" submitLabel="Create" pendingLabel="Creating…" onSubmit={submit} onClose={onClose}>
      <div className="preview-box" aria-hidden="true">
        <ErrorBoundary fallback={<div className="preview-fallback" />}>
          <Suspense fallback={<div className="preview-fallback" />}>
            <ModelPreview />
          </Suspense>
        </ErrorBoundary>
      </div>
    </ModelNameDialog>
  );
}
