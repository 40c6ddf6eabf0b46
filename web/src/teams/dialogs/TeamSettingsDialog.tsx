import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { teamAllows, TEAM_MESSAGES } from '@kiln/domain';
import type { Team } from '@kiln/contracts';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { useDeleteTeam, useUpdateTeam } from '../useTeamEdits';
import { DeleteByNameDialog } from './DeleteByNameDialog';
import { FormAlert, showServerError, TextAreaField } from './fields';

interface Values {
  name: string;
  description: string;
  color: string;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const DEFAULT_COLOUR = '#e0663a';

/** Team settings (owner only): name (required), description, colour; Save waits for a change. Delete asks for the name. */
export function TeamSettingsDialog({ team, onClose }: { team: Team; onClose: () => void }) {
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateTeam(team.id);
  const remove = useDeleteTeam(team.id);
  const navigate = useNavigate();
  const initial: Values = { name: team.name, description: team.description, color: HEX.test(team.color) ? team.color.toLowerCase() : DEFAULT_COLOUR };
  const { register, handleSubmit, setError, formState, watch } = useForm<Values>({ defaultValues: initial, mode: 'onChange' });
  const { errors, isSubmitting } = formState;
  const values = watch();
  const changes: Partial<Values> = {};
  if (values.name.trim() !== initial.name) changes.name = values.name.trim();
  if (values.description !== initial.description) changes.description = values.description;
  if (values.color.toLowerCase() !== initial.color) changes.color = values.color.toLowerCase();
  const changed = Object.keys(changes).length > 0;

  if (deleting) {
    return (
      <DeleteByNameDialog
        title="Delete team"
        what="team"
        name={team.name}
        onConfirm={async () => {
          await remove.mutateAsync();
          navigate('/', { replace: true });
        }}
        onClose={onClose}
      />
    );
  }

  const submit = handleSubmit(async () => {
    if (!changed) return;
    try {
      await update.mutateAsync(changes);
      onClose();
    } catch (error) {
      showServerError(error, setError, ['name', 'description', 'color']);
    }
  });

  return (
    <Dialog title="Team settings" onClose={onClose} width={480}>
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
        <div className="field colour-field">
          <label htmlFor="team-colour">Colour</label>
          <span className="colour-row">
            <input id="team-colour" type="color" {...register('color')} />
            <code aria-hidden="true">{values.color}</code>
          </span>
          {errors.color?.message && (
            <p className="field-error" role="alert">
              {errors.color.message}
            </p>
          )}
        </div>
        <FormAlert message={errors.root?.server?.message} />
        <div className="dialog-actions">
          {teamAllows(team.userRole, 'team.delete') && (
            <button type="button" className="btn btn-ghost btn-danger-text dialog-actions-start" onClick={() => setDeleting(true)} data-testid="delete-team">
              Delete team
            </button>
          )}
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
