import { Command } from '@nestjs/cqrs';

export class ReadAllNotificationsCommand extends Command<{ eventIds: string[] }> {
  constructor(readonly actorId: string) {
    super();
  }
}
