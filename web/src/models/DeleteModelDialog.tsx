import { useState } from 'react';
import type { Model } from '@kiln/contracts';
import { messageOf } from '../api/client';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/TextField';
import { useDeleteModel } from './useModelEdits';

/** Deleting asks for the exact model name before the Delete button enables (spec 000 §5). */
export function DeleteModelDialog({ model, onClose }: { model: Model; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteModel();
  const matches = typed === model.name;
  return (
    <Dialog title="Delete model" onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) remove.mutate(model.id, { onSuccess: onClose });
        }}
      >
        <p className="dialog-text">
          This deletes <strong>{model.name}</strong> for everyone it is shared with. It cannot be undone. Type the model name to confirm.
        </p>
        <TextField label="Model name" autoFocus autoComplete="off" placeholder={model.name} value={typed} onChange={(event) => setTyped(event.target.value)} />
        {remove.isError && (
          <p className="form-error" role="alert" data-testid="form-error">
            {messageOf(remove.error)}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={!matches || remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
