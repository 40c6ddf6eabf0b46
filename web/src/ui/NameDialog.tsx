import { useState } from 'react';
import { messageOf } from '../api/client';
import { Dialog } from './Dialog';
import { TextField } from './TextField';

export interface NameDialogProps {
  title: string;
  submitLabel: string;
  initialName?: string;
  /** The domain's rule for the name, the one the service applies too (e.g. 'This field is required'). */
  problemsOf: (name: string) => string[];
  hint?: string;
  /** data-testid of the field; the submit button's is `{testId}-submit` unless `submitTestId` says otherwise. */
  testId: string;
  submitTestId?: string;
  /** Called with the trimmed name; the dialog closes when it resolves and shows the failure's message when it rejects. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * One name field in a dialog (create or rename of a list item): required and checked as the service checks it, the
 * errors shown once typed or submitted, the button disabled while the request runs, the service's refusal said in an alert.
 */
export function NameDialog({
  title,
  submitLabel,
  initialName = '',
  problemsOf,
  hint,
  testId,
  submitTestId = `${testId}-submit`,
  onSubmit,
  onClose,
}: NameDialogProps) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const problems = problemsOf(name);
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
          data-testid={testId}
          errors={touched ? problems : undefined}
          hint={hint}
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
          <button type="submit" className="btn btn-primary" data-testid={submitTestId} disabled={pending}>
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
