import { COMMON_MESSAGES } from '../common/messages';

/** Plain values of the auth contracts, without zod (see `@kiln/contracts/constants`); auth.ts re-exports them. */

export const AUTH_MESSAGES = {
  emailTaken: 'An account with this e-mail already exists.',
  wrongCredentials: 'Wrong e-mail or password.',
  tooManyAttempts: 'Too many sign-in attempts. Try again in a few minutes.',
  notSignedIn: 'Please sign in.',
  invalidEmail: 'Enter a valid e-mail address.',
  passwordTooShort: 'The password must be at least 8 characters.',
  /** A password that is common, breached or otherwise easy to guess (ADR 0042). */
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordIsPersonal: 'The password must not be your e-mail address or your name.',
  fullNameRequired: COMMON_MESSAGES.required,
} as const;

export const SESSION_COOKIE = 'kiln_session';
