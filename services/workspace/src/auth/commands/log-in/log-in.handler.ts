import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AUTH_MESSAGES } from '@kiln/contracts';
import { DomainError, LOGIN_RATE_LIMIT } from '@kiln/domain';
import { hashSessionToken, newSessionToken, SESSION_DAYS } from '../../../adapters/session-token';
import { Clock, CLOCK } from '../../../ports/clock.port';
import { PASSWORD_HASHER, PasswordHasher } from '../../../ports/password-hasher.port';
import { USER_ACCOUNT_REPOSITORY, UserAccountRepository } from '../../../ports/user-account.repository.port';
import { SignedIn } from '../register-user/register-user.command';
import { LogInCommand } from './log-in.command';

/** Checks the password; failures per e-mail are counted in Postgres, so every instance sees the same limit. */
@CommandHandler(LogInCommand)
export class LogInHandler implements ICommandHandler<LogInCommand, SignedIn> {
  // Verifying against this keeps the time of an unknown e-mail close to that of a wrong password.
  private dummyHash?: Promise<string>;

  constructor(
    @Inject(USER_ACCOUNT_REPOSITORY) private readonly accounts: UserAccountRepository,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ body, ip }: LogInCommand): Promise<SignedIn> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - LOGIN_RATE_LIMIT.windowMinutes * 60_000);
    const [byEmail, byAddress] = await Promise.all([
      this.accounts.countRecentFailures({ email: body.email }, since),
      this.accounts.countRecentFailures({ ip }, since),
    ]);
    if (byEmail >= LOGIN_RATE_LIMIT.maxFailures || byAddress >= LOGIN_RATE_LIMIT.maxFailuresPerAddress) {
      throw new DomainError('rate-limited', AUTH_MESSAGES.tooManyAttempts);
    }
    const account = await this.accounts.findByEmail(body.email);
    const valid = await this.hasher.verify(account?.passwordHash ?? (await (this.dummyHash ??= this.hasher.hash('no such account'))), body.password);
    if (!account || !valid) {
      await this.accounts.recordFailure({ email: body.email, ip, at: now });
      throw new DomainError('unauthenticated', AUTH_MESSAGES.wrongCredentials);
    }
    await this.accounts.clearFailures(body.email);
    const token = newSessionToken();
    await this.accounts.createSession({ tokenHash: hashSessionToken(token), userId: account.id, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000) });
    return { userId: account.id, token, eventIds: [] };
  }
}
