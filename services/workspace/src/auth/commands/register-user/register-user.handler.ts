import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AUTH_MESSAGES } from '@kiln/contracts';
import { DomainError, normalizeFullName, passwordRefusal, registerUser } from '@kiln/domain';
import { newId } from '@kiln/service-kit';
import { hashSessionToken, newSessionToken, SESSION_DAYS } from '../../session-token';
import { Clock, CLOCK } from '@kiln/service-kit';
import { PASSWORD_HASHER, PasswordHasher } from '../../ports/password-hasher.port';
import { USER_ACCOUNT_REPOSITORY, UserAccountRepository } from '../../ports/user-account.repository.port';
import { readAuthLimits } from '../../limits';
import { RegisterUserCommand, SignedIn } from './register-user.command';

@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, SignedIn> {
  private readonly limits = readAuthLimits();

  constructor(
    @Inject(USER_ACCOUNT_REPOSITORY) private readonly accounts: UserAccountRepository,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ body, ip }: RegisterUserCommand): Promise<SignedIn> {
    // Before any other work: one address creating accounts in bulk is refused cheaply.
    await this.accounts.limitRegistration(ip, this.limits.registrationsPerAddress);
    // Common, breached or personal passwords are refused (ADR 0042), before anything is looked up.
    const refusal = await passwordRefusal(body.password, { email: body.email, fullName: body.fullName });
    if (refusal) throw new DomainError('invalid', refusal, [{ path: 'password', message: refusal }]);
    if (await this.accounts.findByEmail(body.email)) throw new DomainError('conflict', AUTH_MESSAGES.emailTaken);
    const now = this.clock.now();
    const id = newId(now);
    const token = newSessionToken();
    const event = registerUser({ id, now });
    const { created, eventIds } = await this.accounts.register(
      { id, email: body.email, fullName: normalizeFullName(body.fullName), passwordHash: await this.hasher.hash(body.password), createdAt: now },
      event,
      { tokenHash: hashSessionToken(token), userId: id, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000) },
    );
    // Two sign-ups with one e-mail at the same moment: the unique index decides, the loser hears why.
    if (!created) throw new DomainError('conflict', AUTH_MESSAGES.emailTaken);
    return { userId: id, token, eventIds };
  }
}
