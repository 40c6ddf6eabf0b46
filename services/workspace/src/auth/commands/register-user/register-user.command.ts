import { Command } from '@nestjs/cqrs';
import { RegisterBody } from '@kiln/contracts';

export interface SignedIn {
  userId: string;
  token: string;
  eventIds: string[];
}

export class RegisterUserCommand extends Command<SignedIn> {
  constructor(readonly body: RegisterBody) {
    super();
  }
}
