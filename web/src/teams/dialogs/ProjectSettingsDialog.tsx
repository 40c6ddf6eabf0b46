import { useForm } from 'react-hook-form';
import { TEAM_MESSAGES } from '@kiln/domain';
import type { Project } from '@kiln/contracts';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { useUpdateProject } from '../useTeamEdits';
import { FormAlert, showServerError, TextAreaField } from './fields';

interface Values {
  name: string;
  description: string;
}

/** Project settings (owner only): name (required) and description; Save waits for a change (spec 001 §5). */
export function ProjectSettingsDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const update = useUpdateProject();
  const { register, handleSubmit, setError, formState, watch } = useForm<Values>({
    defaultValues: { name: project.name, description: project.description },
    mode: 'onChange',
  });
  const { errors, isSubmitting } = formState;
  const values = watch();
  const changes: Partial<Values> = {};
  if (values.name.trim() !== project.name) changes.name = values.name.trim();
  if (values.description !== project.description) changes.description = values.description;
  const changed = Object.keys(changes).length > 0;

  const submit = handleSubmit(async () => {
    if (!changed) return;
    try {
      await update.mutateAsync({ id: project.id, changes });
      onClose();
    } catch (error) {
      showServerError(error, setError, ['name', 'description']);
    }
  });

  return (
    <Dialog title="Project settings" onClose={onClose} width={480}>
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label="Name"
          autoFocus
          autoComplete="off"
          maxLength={200}
          errors={errors.name?.message}
          {...register('name', { validate: (v) => v.trim().length > 0 || TEAM_MESSAGES.required })}
        />
        <TextAreaField label="Description" maxLength={5000} errors={errors.description?.message} {...register('description')} />
        <FormAlert message={errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!changed || isSubmitting || Boolean(errors.name)}>
            {isSubmitting ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
