import { useState } from 'react';
import { componentNameProblems } from '@kiln/domain';
import { messageOf } from '../api/client';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/TextField';

interface ComponentNameDialogProps {
  title: string;
  submitLabel: string;
  initialName?: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** New Component and Rename: one name field, required ('This field is required', spec 001 §8), checked as the service checks it. */
export function ComponentNameDialog({ title, submitLabel, initialName = '', onSubmit, onClose }: ComponentNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const problems = componentNameProblems(name);
  return (
    <Dialog title={title} onClose={onClose}>
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
            await onSubmit(name.trim());
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
          value={name}
          data-testid="component-name"
          errors={touched ? problems : undefined}
          onChange={(event) => {
            setName(event.target.value);
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
          <button type="submit" className="btn btn-primary" data-testid="component-name-submit" disabled={pending}>
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
