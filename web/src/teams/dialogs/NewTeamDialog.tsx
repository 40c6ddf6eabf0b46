import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { TEAM_MESSAGES } from '@kiln/domain';
import { SubmitKeys } from '../../api/idempotency';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { useCreateTeam } from '../useTeamEdits';
import { FormAlert, showServerError } from './fields';

/** Spec 000 §5: a new team's or project's name, trimmed, has at least 3 characters. */
export const atLeastThree = (value: string) => value.trim().length >= 3 || TEAM_MESSAGES.nameTooShort;

/** New Team: a name; on success the app goes to the new team. */
export function NewTeamDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateTeam();
  const navigate = useNavigate();
  const [keys] = useState(() => new SubmitKeys());
  const { register, handleSubmit, setError, formState } = useForm<{ name: string }>({ defaultValues: { name: '' } });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ name }) => {
    const trimmed = name.trim();
    try {
      const team = await create.mutateAsync({ name: trimmed, idempotencyKey: keys.keyFor({ name: trimmed }) });
      keys.settled();
      onClose();
      navigate(`/${team.id}`);
    } catch (error) {
      keys.settled(error);
      showServerError(error, setError, ['name']);
    }
  });

  return (
    <Dialog title="New Team" onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label="Team name"
          autoFocus
          autoComplete="off"
          placeholder="e.g. Product design"
          maxLength={200}
          errors={errors.name?.message}
          {...register('name', { validate: atLeastThree })}
        />
        <FormAlert message={errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Creating…' : 'Create'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
