import { useState } from 'react';
import { assetItemNameProblems, assetNameParts } from '@kiln/domain';
import { messageOf } from '../api/client';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/TextField';

interface RenameAssetDialogProps {
  /** The item's name, its extension included ("chair.stl"). */
  name: string;
  onSubmit: (nameWithoutExtension: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Rename of an image, vector graphic or 3D object (spec 001 §5): the name without its extension is edited and
 * required ('This field is required'); the extension is shown beside it and kept, the name trimmed (the domain's
 * rule, which the service applies too).
 */
export function RenameAssetDialog({ name, onSubmit, onClose }: RenameAssetDialogProps) {
  const { base, extension } = assetNameParts(name);
  const [typed, setTyped] = useState(base);
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const problems = assetItemNameProblems(typed);
  return (
    <Dialog title="Rename" onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          setTouched(true);
          if (problems.length || pending) return;
          setPending(true);
          setError(undefined);
          try {
            await onSubmit(typed.trim());
            onClose();
          } catch (failure) {
            setError(messageOf(failure));
            setPending(false);
          }
        }}
      >
        <TextField
          label="Name"
          autoFocus
          autoComplete="off"
          value={typed}
          data-testid="asset-name"
          errors={touched ? problems : undefined}
          hint={extension ? `The extension ${extension} is kept.` : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            setTouched(true);
          }}
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
          <button type="submit" className="btn btn-primary" data-testid="asset-rename-submit" disabled={pending}>
            Rename
          </button>
        </div>
      </form>
    </Dialog>
  );
}
