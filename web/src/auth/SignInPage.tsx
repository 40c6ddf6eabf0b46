import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { LoginBody } from '@kiln/contracts';
import { AUTH_MESSAGES } from '@kiln/contracts/constants';
import { authApi } from '../api/auth';
import { messageOf } from '../api/client';
import { TextField } from '../ui/TextField';
import { AuthLayout } from './AuthLayout';
import { startSession, useMe } from './session';

export function SignInPage() {
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const from = (location.state as { from?: string } | null)?.from ?? '/';
  const { register, handleSubmit, formState } = useForm<LoginBody>({ defaultValues: { email: '', password: '' } });
  const login = useMutation({
    mutationFn: authApi.login,
    onSuccess: ({ user }) => {
      startSession(queryClient, user);
      navigate(from, { replace: true });
    },
  });

  if (me.data) return <Navigate to="/" replace />;

  return (
    <AuthLayout title="Sign in" subtitle="Welcome back to your workspace.">
      <form className="form" noValidate onSubmit={handleSubmit((values) => login.mutate(values))}>
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          autoFocus
          errors={formState.errors.email?.message}
          {...register('email', { required: AUTH_MESSAGES.fullNameRequired })}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          errors={formState.errors.password?.message}
          {...register('password', { required: AUTH_MESSAGES.fullNameRequired })}
        />
        {login.isError && (
          <p className="form-error" role="alert" data-testid="form-error">
            {messageOf(login.error)}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="auth-switch">
        New to Kiln? <Link to="/signup">Create an account</Link>
      </p>
    </AuthLayout>
  );
}
