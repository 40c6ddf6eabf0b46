import { useState } from 'react';
import { REJECTION_REASON_MAX_LENGTH } from '@kiln/contracts/constants';
import { messageOf } from '../api/client';
import { Dialog } from '../ui/Dialog';

export const REJECT_TEXTS = {
  title: 'Reject texture',
  reason: 'Reason (told to the author)',
  explain: 'The texture becomes private again and leaves the community; its author is notified.',
  confirm: 'Reject',
  pending: 'Rejecting…',
} as const;

/**
 * A moderator rejects a community texture within its 24 hours (ADR 0061): an optional reason, then
 * `POST /api/workspace/texture/{id}/reject`. A refusal (past the window, say) is shown in the dialog.
 */
export function RejectTextureDialog({ name, onReject, onClose }: { name: string; onReject: (reason: string) => Promise<unknown>; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  return (
    <Dialog title={REJECT_TEXTS.title} onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (pending) return;
          setPending(true);
          setError('');
          try {
            await onReject(reason.trim());
            onClose();
          } catch (failure) {
            setError(messageOf(failure));
            setPending(false);
          }
        }}
      >
        <p className="dialog-text">
          <strong>{name}</strong>: {REJECT_TEXTS.explain}
        </p>
        <div className="field">
          <label htmlFor="texture-reject-reason">{REJECT_TEXTS.reason}</label>
          <textarea
            id="texture-reject-reason"
            rows={3}
            maxLength={REJECTION_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            data-testid="texture-reject-reason"
          />
        </div>
        {error && (
          <p className="form-error" role="alert" data-testid="form-error">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={pending} data-testid="texture-reject-confirm">
            {pending ? REJECT_TEXTS.pending : REJECT_TEXTS.confirm}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
