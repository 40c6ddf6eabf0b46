import { useForm } from 'react-hook-form';
import type { ReactNode } from 'react';
import { modelNameProblems } from '@kiln/domain';
import { MODEL_NAME_MAX_LENGTH, MODEL_NAME_TOO_LONG } from '@kiln/contracts/constants';
import { ApiError, messageOf } from '../api/client';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/TextField';

interface ModelNameDialogProps {
  title: string;
  submitLabel: string;
  pendingLabel: string;
  initialName?: string;
  /** Resolves when saved; throws ApiError when the server refuses. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
  children?: ReactNode;
}

interface Values {
  name: string;
}

/**
 * The name form of New Model and Rename: the same rule as the service (`modelNameProblems` from @kiln/domain),
 * every broken rule shown under the field; a 400 from the server is shown there too.
 */
export function ModelNameDialog({ title, submitLabel, pendingLabel, initialName = '', onSubmit, onClose, children }: ModelNameDialogProps) {
  const { register, handleSubmit, setError, formState, watch } = useForm<Values>({
    defaultValues: { name: initialName },
    mode: 'onChange',
  });
  const { errors, isSubmitting } = formState;
  // The field stops at the limit (maxLength); saying so keeps a paste that was cut short from being a surprise.
  const atLimit = (watch('name')?.length ?? 0) >= MODEL_NAME_MAX_LENGTH;

  const submit = handleSubmit(async ({ name }) => {
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setError('name', {
          type: 'server',
          message: error.body.errors?.length ? [...new Set(error.body.errors.map((e) => e.message))].join('\n') : error.message,
        });
      } else {
        setError('root.server', { type: 'server', message: messageOf(error) });
      }
    }
  });

  return (
    <Dialog title={title} onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        {children}
        <TextField
          label="Name"
          autoFocus
          autoComplete="off"
          placeholder="e.g. Gear housing"
          errors={errors.name?.message}
          maxLength={MODEL_NAME_MAX_LENGTH}
          hint={atLimit ? MODEL_NAME_TOO_LONG : ''}
          {...register('name', {
            // Several problems travel as one newline-separated message; TextField shows one line each.
            validate: (value) => {
              const problems = modelNameProblems(value);
              return problems.length === 0 || problems.join('\n');
            },
          })}
        />
        {errors.root?.server && (
          <p className="form-error" role="alert" data-testid="form-error">
            {errors.root.server.message}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? pendingLabel : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
