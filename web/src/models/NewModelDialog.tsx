import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { ModelNameDialog } from './ModelNameDialog';
import { useCreateModel } from './useModels';

// three.js is big: load the preview only when the dialog opens, and never let it break the form.
const ModelPreview = lazy(() => import('./ModelPreview'));

export function NewModelDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateModel();
  return (
    <ModelNameDialog title="New Model" submitLabel="Create" pendingLabel="Creating…" onSubmit={(name) => create.mutateAsync(name)} onClose={onClose}>
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
