import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { hashSessionToken } from '../../session-token';
import { USER_ACCOUNT_REPOSITORY, UserAccountRepository } from '../../ports/user-account.repository.port';
import { LogOutCommand } from './log-out.command';

@CommandHandler(LogOutCommand)
export class LogOutHandler implements ICommandHandler<LogOutCommand> {
  constructor(@Inject(USER_ACCOUNT_REPOSITORY) private readonly accounts: UserAccountRepository) {}

  async execute({ token }: LogOutCommand): Promise<void> {
    await this.accounts.deleteSession(hashSessionToken(token));
  }
}
