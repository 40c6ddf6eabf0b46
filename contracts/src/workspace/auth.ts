import { z } from 'zod';
import { Text } from '../common/ids';
import { User } from './user';
import { AUTH_MESSAGES } from './auth.constants';

export { AUTH_MESSAGES, SESSION_COOKIE } from './auth.constants';

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
