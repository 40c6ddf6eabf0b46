import { z } from 'zod';
import { Text } from '../common/ids';
import { User } from './user';

export const AUTH_MESSAGES = {
  emailTaken: 'An account with this e-mail already exists.',
  wrongCredentials: 'Wrong e-mail or password.',
  tooManyAttempts: 'Too many sign-in attempts. Try again in a few minutes.',
  notSignedIn: 'Please sign in.',
  invalidEmail: 'Enter a valid e-mail address.',
  passwordTooShort: 'The password must be at least 8 characters.',
  fullNameRequired: 'This field is required',
} as const;

export const Email = z.string().trim().toLowerCase().email(AUTH_MESSAGES.invalidEmail).max(254);

export const RegisterBody = z.strictObject({
  email: Email,
  password: z.string().min(8, AUTH_MESSAGES.passwordTooShort).max(200),
  fullName: Text(100).trim().min(1, AUTH_MESSAGES.fullNameRequired),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.strictObject({ email: Email, password: z.string().min(1).max(200) });
export type LoginBody = z.infer<typeof LoginBody>;

export const AuthAnswer = z.object({ user: User, token: z.string() });
export type AuthAnswer = z.infer<typeof AuthAnswer>;

export const SESSION_COOKIE = 'kiln_session';
