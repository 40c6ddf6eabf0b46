import { RateLimitRule, UserRegistered } from '@kiln/domain';

export const USER_ACCOUNT_REPOSITORY = Symbol('UserAccountRepository');

export interface UserAccount {
  id: string;
  email: string;
  fullName: string;
  passwordHash: string;
  createdAt: Date;
}

export interface UserAccountRepository {
  /** Counts one sign-up from a client address (an IPv6 one by its /64); 429 with Retry-After past the rule. */
  limitRegistration(ip: string, rule: RateLimitRule): Promise<unknown>;
  findByEmail(email: string): Promise<UserAccount | null>;
  /** Creates the account, its first session and the registered event together; false when the e-mail is taken. */
  register(account: UserAccount, event: UserRegistered, session: NewSession): Promise<{ created: boolean; eventIds: string[] }>;
  createSession(session: NewSession): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  /**
   * Counts a sign-in attempt as a failure before its password is checked, unless the e-mail from this
   * address, or the address, is already at its limit. Atomic per pair and per address, so of many
   * parallel attempts no more than the limit are let through.
   */
  claimLoginAttempt(attempt: LoginAttempt, limits: LoginLimits): Promise<LoginClaim>;
  /** After a successful sign-in: forgets the failures of this e-mail from this address, the claimed attempt among them. */
  clearFailures(attempt: Pick<LoginAttempt, 'email' | 'ip'>): Promise<void>;
}

export interface LoginAttempt {
  email: string;
  /** The client address as counted (clientAddressKey: an IPv6 address by its /64). */
  ip: string;
  at: Date;
}

export interface LoginLimits {
  perEmailAndAddress: RateLimitRule;
  perAddress: RateLimitRule;
}

export type LoginClaim = { claimed: true } | { claimed: false; retryAfterSeconds: number };

export interface NewSession {
  tokenHash: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
}
