import { Command } from '@nestjs/cqrs';
import { LoginBody } from '@kiln/contracts';
import { SignedIn } from '../register-user/register-user.command';

export class LogInCommand extends Command<SignedIn> {
  constructor(
    readonly body: LoginBody,
    /** The client's address, as the BFF saw it. */
    readonly ip: string,
  ) {
    super();
  }
}
