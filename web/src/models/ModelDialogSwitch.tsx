import { DIALOG_TITLES, type OpenDialog } from './ModelDialogHost';
import { DeleteModelDialog } from './DeleteModelDialog';
import { DuplicateModelDialog } from './DuplicateModelDialog';
import { EmbedCodeDialog } from './EmbedCodeDialog';
import { LeaveSharedModelDialog } from './LeaveSharedModelDialog';
import { ModelNameDialog } from './ModelNameDialog';
import { NewModelDialog } from './NewModelDialog';
import { ShareModelDialog } from './ShareModelDialog';
import { useRenameModel } from './useModelEdits';

/** The open model dialog, part of the dialogs' chunk (lazy-dialogs.tsx): which one, and the rename's call. */
export function ModelDialogSwitch({ dialog, onClose }: { dialog: OpenDialog; onClose: () => void }) {
  const rename = useRenameModel();
  switch (dialog.kind) {
    case 'new':
      return <NewModelDialog scope={dialog.scope} onClose={onClose} />;
    case 'rename':
      return (
        <ModelNameDialog
          title={DIALOG_TITLES.rename}
          submitLabel="Rename"
          pendingLabel="Renaming…"
          initialName={dialog.model.name}
          onSubmit={(name) => (name === dialog.model.name ? Promise.resolve() : rename.mutateAsync({ id: dialog.model.id, name }))}
          onClose={onClose}
        />
      );
    case 'delete':
      return <DeleteModelDialog model={dialog.model} onClose={onClose} />;
    case 'share':
      return <ShareModelDialog model={dialog.model} onClose={onClose} />;
    case 'embed':
      return <EmbedCodeDialog model={dialog.model} onClose={onClose} />;
    case 'duplicate':
      return <DuplicateModelDialog model={dialog.model} onClose={onClose} />;
    case 'leave':
      return <LeaveSharedModelDialog model={dialog.model} shareId={dialog.shareId} onClose={onClose} />;
  }
}
