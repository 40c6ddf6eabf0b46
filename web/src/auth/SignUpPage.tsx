import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import type { RegisterBody } from '@kiln/contracts';
import { AUTH_MESSAGES } from '@kiln/contracts/constants';
import { authApi } from '../api/auth';
import { ApiError, messageOf } from '../api/client';
import { TextField } from '../ui/TextField';
import { AuthLayout } from './AuthLayout';
import { startSession, useMe } from './session';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The server's sentence about the password, when a 400 names it. */
function passwordProblem(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  return error.body.errors?.find((e) => e.path === 'password' || e.path === 'body.password')?.message;
}

export function SignUpPage() {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState, setError } = useForm<RegisterBody>({ defaultValues: { fullName: '', email: '', password: '' } });
  const signUp = useMutation({
    mutationFn: authApi.register,
    onSuccess: ({ user }) => {
      startSession(queryClient, user);
      navigate('/', { replace: true });
    },
    // A refused password (too common, or the e-mail or name: AUTH_MESSAGES, ADR 0042) shows under its field.
    onError: (error) => {
      const problem = passwordProblem(error);
      if (problem) setError('password', { type: 'server', message: problem });
    },
  });

  if (me.data) return <Navigate to="/" replace />;

  return (
    <AuthLayout title="Create your account" subtitle="Design, share and sell 3D models.">
      <form className="form" noValidate onSubmit={handleSubmit((values) => signUp.mutate({ ...values, fullName: values.fullName.trim() }))}>
        <TextField
          label="Full name"
          autoComplete="name"
          autoFocus
          errors={formState.errors.fullName?.message}
          {...register('fullName', { validate: (v) => v.trim().length > 0 || AUTH_MESSAGES.fullNameRequired })}
        />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          errors={formState.errors.email?.message}
          {...register('email', { validate: (v) => EMAIL.test(v.trim()) || AUTH_MESSAGES.invalidEmail })}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          errors={formState.errors.password?.message}
          {...register('password', { minLength: { value: 8, message: AUTH_MESSAGES.passwordTooShort } })}
        />
        {signUp.isError && !passwordProblem(signUp.error) && (
          <p className="form-error" role="alert" data-testid="form-error">
            {messageOf(signUp.error)}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating account…' : 'Sign up'}
        </button>
      </form>
      <p className="auth-switch">
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </AuthLayout>
  );
}
