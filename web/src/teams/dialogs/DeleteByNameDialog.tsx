import { useState } from 'react';
import { messageOf } from '../../api/client';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { TEAM_TEXTS } from '../team-texts';

interface DeleteByNameDialogProps {
  title: string;
  /** 'team' or 'project': said in the text and the field's label. */
  what: string;
  name: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Deleting asks for the exact name before the button enables, under the spec's warning (spec 001 §4). */
export function DeleteByNameDialog({ title, what, name, onConfirm, onClose }: DeleteByNameDialogProps) {
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const matches = typed === name;
  return (
    <Dialog title={title} onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (!matches || pending) return;
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
        <p className="warning" role="note" data-testid="delete-warning">
          {TEAM_TEXTS.deleteWarning}
        </p>
        <p className="dialog-text">
          This deletes the {what} <strong>{name}</strong> and cannot be undone. Type the {what} name to confirm.
        </p>
        <TextField
          label={`${what[0].toUpperCase()}${what.slice(1)} name`}
          autoFocus
          autoComplete="off"
          placeholder={name}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {error && (
          <p className="form-error" role="alert" data-testid="form-error">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={!matches || pending}>
            {pending ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
