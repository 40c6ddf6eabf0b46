import { Command } from '@nestjs/cqrs';
import { RegisterBody } from '@kiln/contracts';

export interface SignedIn {
  userId: string;
  token: string;
  eventIds: string[];
}

export class RegisterUserCommand extends Command<SignedIn> {
  constructor(
    readonly body: RegisterBody,
    /** The client's address, as the BFF saw it: sign-ups are limited per address. */
    readonly ip: string,
  ) {
    super();
  }
}
