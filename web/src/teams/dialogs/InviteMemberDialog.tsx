import { useForm } from 'react-hook-form';
import { TEAM_INVITE_ROLES, TEAM_MESSAGES } from '@kiln/domain';
import type { TeamRole } from '@kiln/contracts';
import { messageOf } from '../../api/client';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { SIMPLE_EMAIL } from '../team-texts';
import { useInviteMember } from '../useTeamEdits';
import { FormAlert, SelectField } from './fields';

interface Values {
  email: string;
  role: TeamRole | '';
}

const ROLE_LABELS: Record<string, string> = { viewer: 'Viewer', editor: 'Editor' };

/**
 * Invite by e-mail (lowercased) with the role viewer or editor (spec 001 §5). A refusal with status 400 shows the
 * server's own words in a red alert in the dialog (spec 001 §8); so does any other refusal.
 */
export function InviteMemberDialog({ teamId, onClose }: { teamId: string; onClose: () => void }) {
  const invite = useInviteMember(teamId);
  const { register, handleSubmit, setError, formState } = useForm<Values>({ defaultValues: { email: '', role: '' } });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ email, role }) => {
    try {
      await invite.mutateAsync({ email: email.trim().toLowerCase(), role });
      onClose();
    } catch (error) {
      setError('root.server', { type: 'server', message: messageOf(error) });
    }
  });

  return (
    <Dialog title="Invite member" onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label="E-mail"
          type="email"
          autoFocus
          autoComplete="off"
          placeholder="name@example.com"
          maxLength={320}
          errors={errors.email?.message}
          {...register('email', {
            required: TEAM_MESSAGES.required,
            validate: (value) => SIMPLE_EMAIL.test(value.trim().toLowerCase()) || TEAM_MESSAGES.invalidEmail,
          })}
        />
        <SelectField label="Role" errors={errors.role?.message} {...register('role', { required: TEAM_MESSAGES.required })}>
          <option value="">Choose a role</option>
          {TEAM_INVITE_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
        <FormAlert message={errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Inviting…' : 'Invite'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
