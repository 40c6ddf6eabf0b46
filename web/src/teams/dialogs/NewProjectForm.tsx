import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { SubmitKeys } from '../../api/idempotency';
import { TextField } from '../../ui/TextField';
import { useCreateProject } from '../useTeamEdits';
import { FormAlert, showServerError } from './fields';
import { atLeastThree } from './NewTeamDialog';

/** The form inside the 'New Project' popover: a name of at least 3 characters; then the app opens the project. */
export function NewProjectForm({ teamId, onClose }: { teamId: string; onClose: () => void }) {
  const create = useCreateProject(teamId);
  const navigate = useNavigate();
  const [keys] = useState(() => new SubmitKeys());
  const { register, handleSubmit, setError, formState } = useForm<{ name: string }>({ defaultValues: { name: '' } });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ name }) => {
    const trimmed = name.trim();
    try {
      const project = await create.mutateAsync({ name: trimmed, idempotencyKey: keys.keyFor({ teamId, name: trimmed }) });
      keys.settled();
      onClose();
      navigate(`/${teamId}/${project.id}`);
    } catch (error) {
      keys.settled(error);
      showServerError(error, setError, ['name']);
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit}>
      <TextField
        label="Project name"
        autoFocus
        autoComplete="off"
        placeholder="e.g. Spring collection"
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
  );
}
