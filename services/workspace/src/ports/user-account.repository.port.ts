import { UserRegistered } from '@kiln/domain';

export const USER_ACCOUNT_REPOSITORY = Symbol('UserAccountRepository');

export interface UserAccount {
  id: string;
  email: string;
  fullName: string;
  passwordHash: string;
  createdAt: Date;
}

export interface UserAccountRepository {
  findByEmail(email: string): Promise<UserAccount | null>;
  /** Creates the account, its first session and the registered event together; false when the e-mail is taken. */
  register(account: UserAccount, event: UserRegistered, session: NewSession): Promise<{ created: boolean; eventIds: string[] }>;
  createSession(session: NewSession): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  countRecentFailures(by: { email: string } | { ip: string }, since: Date): Promise<number>;
  recordFailure(failure: { email: string; ip: string; at: Date }): Promise<void>;
  clearFailures(email: string): Promise<void>;
}

export interface NewSession {
  tokenHash: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
}
