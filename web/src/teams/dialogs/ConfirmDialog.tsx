import { useState, type ReactNode } from 'react';
import { messageOf } from '../../api/client';
import { Dialog } from '../../ui/Dialog';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** "Are you sure?" for removing a member or leaving a team; a refusal is shown in the dialog. */
export function ConfirmDialog({ title, children, confirmLabel, pendingLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <Dialog title={title} onClose={onClose}>
      <div className="form">
        <p className="dialog-text">{children}</p>
        {error && (
          <p className="form-error" role="alert" data-testid="form-error">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={pending}
            onClick={async () => {
              setPending(true);
              setError(undefined);
              try {
                await onConfirm();
                onClose();
              } catch (failure) {
                setError(messageOf(failure));
                setPending(false);
              }
            }}
          >
            {pending ? pendingLabel : confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
