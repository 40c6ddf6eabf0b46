import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AUTH_MESSAGES } from '@kiln/contracts';
import { clientAddressKey, DomainError } from '@kiln/domain';
import { hashSessionToken, newSessionToken, SESSION_DAYS } from '../../session-token';
import { Clock, CLOCK } from '@kiln/service-kit';
import { PASSWORD_HASHER, PasswordHasher } from '../../ports/password-hasher.port';
import { USER_ACCOUNT_REPOSITORY, UserAccountRepository } from '../../ports/user-account.repository.port';
import { readAuthLimits } from '../../limits';
import { SignedIn } from '../register-user/register-user.command';
import { LogInCommand } from './log-in.command';

/**
 * Checks the password. Each attempt first claims a failure in Postgres, atomically against the limits per
 * e-mail and client address and per address (ADR 0042), so every instance sees the same count and parallel
 * attempts cannot overtake it; a right password then takes the claim back.
 */
@CommandHandler(LogInCommand)
export class LogInHandler implements ICommandHandler<LogInCommand, SignedIn> {
  // Verifying against this keeps the time of an unknown e-mail close to that of a wrong password.
  private dummyHash?: Promise<string>;
  private readonly limits = readAuthLimits();

  constructor(
    @Inject(USER_ACCOUNT_REPOSITORY) private readonly accounts: UserAccountRepository,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ body, ip }: LogInCommand): Promise<SignedIn> {
    const now = this.clock.now();
    const attempt = { email: body.email, ip: clientAddressKey(ip), at: now };
    const claim = await this.accounts.claimLoginAttempt(attempt, {
      perEmailAndAddress: this.limits.loginFailuresPerEmailAndAddress,
      perAddress: this.limits.loginFailuresPerAddress,
    });
    if (!claim.claimed) throw new DomainError('rate-limited', AUTH_MESSAGES.tooManyAttempts, undefined, claim.retryAfterSeconds);
    const account = await this.accounts.findByEmail(body.email);
    const valid = await this.hasher.verify(account?.passwordHash ?? (await (this.dummyHash ??= this.hasher.hash('no such account'))), body.password);
    if (!account || !valid) throw new DomainError('unauthenticated', AUTH_MESSAGES.wrongCredentials);
    await this.accounts.clearFailures(attempt);
    const token = newSessionToken();
    await this.accounts.createSession({
      tokenHash: hashSessionToken(token),
      userId: account.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
    });
    return { userId: account.id, token, eventIds: [] };
  }
}
