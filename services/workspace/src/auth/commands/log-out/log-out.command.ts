import { Command } from '@nestjs/cqrs';

export class LogOutCommand extends Command<void> {
  constructor(readonly token: string) {
    super();
  }
}
