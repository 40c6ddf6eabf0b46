import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TEAM_MESSAGES } from '@kiln/domain';
import type { User } from '@kiln/contracts';
import { ApiError, messageOf } from '../api/client';
import { profileApi } from '../api/profile';
import { ME_KEY, useMe } from '../auth/session';
import { Avatar } from '../shell/UserMenu';
import { TextField } from '../ui/TextField';

/** `/profile`: my full name (required) and my avatar, which falls back to my initials on my colour. */
export function ProfilePage() {
  const { data: user } = useMe();
  if (!user) return null;
  return <ProfileForm key={user.id} user={user} />;
}

function ProfileForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: profileApi.update,
    onSuccess: (updated) => queryClient.setQueryData(ME_KEY, updated),
  });
  const { register, handleSubmit, setError, formState, watch, reset } = useForm<{ fullName: string }>({ defaultValues: { fullName: user.fullName } });
  const { errors, isSubmitting } = formState;
  const changed = watch('fullName').trim() !== user.fullName;

  const submit = handleSubmit(async ({ fullName }) => {
    try {
      const updated = await save.mutateAsync({ fullName: fullName.trim() });
      reset({ fullName: updated.fullName });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400)
        setError('fullName', { type: 'server', message: error.body.errors?.[0]?.message ?? error.message });
      else setError('root.server', { type: 'server', message: messageOf(error) });
    }
  });

  return (
    <section className="profile-page" aria-labelledby="profile-title">
      <div className="page-header">
        <h1 id="profile-title">Profile</h1>
      </div>
      <div className="profile-card">
        <div className="profile-who">
          <Avatar user={user} size={72} />
          <div>
            <p className="profile-name" data-testid="profile-name">
              {user.fullName}
            </p>
            <p className="muted">{user.email}</p>
          </div>
        </div>
        <form className="form" noValidate onSubmit={submit}>
          <TextField
            label="Full name"
            autoComplete="name"
            maxLength={200}
            errors={errors.fullName?.message}
            {...register('fullName', { validate: (value) => value.trim().length > 0 || TEAM_MESSAGES.required })}
          />
          {errors.root?.server && (
            <p className="form-error" role="alert" data-testid="form-error">
              {errors.root.server.message}
            </p>
          )}
          {save.isSuccess && !changed && (
            <p className="form-ok" role="status" data-testid="profile-saved">
              Saved.
            </p>
          )}
          <div className="dialog-actions">
            <button type="submit" className="btn btn-primary" disabled={!changed || isSubmitting}>
              {isSubmitting ? 'Saving…' : 'Save'}
            </button>
          </div>
        </form>
      </div>
      <p className="profile-more">
        <Link to="/settings/tokens" data-testid="profile-tokens">
          Access tokens
        </Link>{' '}
        let your programs use the Kiln API as you.
      </p>
      <p className="profile-more">
        <Link to="/settings/integrations/webhooks" data-testid="profile-webhooks">
          Webhooks
        </Link>{' '}
        send the events you choose to your own https address as they happen.
      </p>
    </section>
  );
}
