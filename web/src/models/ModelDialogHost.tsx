import { Suspense, useState } from 'react';
import type { Model } from '@kiln/contracts';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { DialogLoadFailed, DialogLoading } from '../ui/LazyFallbacks';
import {
  DeleteModelDialog,
  DuplicateModelDialog,
  EmbedCodeDialog,
  LeaveSharedModelDialog,
  ModelNameDialog,
  NewModelDialog,
  ShareModelDialog,
} from './lazy-dialogs';
import type { ModelScope } from './model-cache';
import type { ModelAction } from './ModelMenu';
import { useRenameModel } from './useModels';

export type OpenDialog =
  { kind: 'new'; scope?: ModelScope } | { kind: Exclude<ModelAction, 'leave'>; model: Model } | { kind: 'leave'; model: Model; shareId: string };

const DIALOG_TITLES: Record<OpenDialog['kind'], string> = {
  new: 'New Model',
  rename: 'Rename model',
  delete: 'Delete model',
  share: 'Share',
  embed: 'Embed code',
  duplicate: 'Duplicate model',
  leave: 'Leave model',
};

/**
 * The dialogs of every model list screen, one open at a time. They are a chunk of their own (lazy-dialogs.tsx);
 * a failed load says so in a dialog that closes.
 */
export function useModelDialogs() {
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const element = dialog && <ModelDialogs dialog={dialog} onClose={() => setDialog(null)} />;
  return { open: setDialog, element };
}

function ModelDialogs({ dialog, onClose }: { dialog: OpenDialog; onClose: () => void }) {
  const rename = useRenameModel();
  return (
    <ErrorBoundary key={dialog.kind} fallback={<DialogLoadFailed title={DIALOG_TITLES[dialog.kind]} onClose={onClose} />}>
      <Suspense fallback={<DialogLoading />}>
        {dialog.kind === 'new' && <NewModelDialog scope={dialog.scope} onClose={onClose} />}
        {dialog.kind === 'rename' && (
          <ModelNameDialog
            title={DIALOG_TITLES.rename}
            submitLabel="Rename"
            pendingLabel="Renaming…"
            initialName={dialog.model.name}
            onSubmit={(name) => (name === dialog.model.name ? Promise.resolve() : rename.mutateAsync({ id: dialog.model.id, name }))}
            onClose={onClose}
          />
        )}
        {dialog.kind === 'delete' && <DeleteModelDialog model={dialog.model} onClose={onClose} />}
        {dialog.kind === 'share' && <ShareModelDialog model={dialog.model} onClose={onClose} />}
        {dialog.kind === 'embed' && <EmbedCodeDialog model={dialog.model} onClose={onClose} />}
        {dialog.kind === 'duplicate' && <DuplicateModelDialog model={dialog.model} onClose={onClose} />}
        {dialog.kind === 'leave' && <LeaveSharedModelDialog model={dialog.model} shareId={dialog.shareId} onClose={onClose} />}
      </Suspense>
    </ErrorBoundary>
  );
}
