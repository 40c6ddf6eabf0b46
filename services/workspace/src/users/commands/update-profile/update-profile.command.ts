import { Command } from '@nestjs/cqrs';

export interface ProfileUpdated {
  fullName: string;
  eventIds: string[];
}

export class UpdateProfileCommand extends Command<ProfileUpdated> {
  constructor(
    readonly actorId: string,
    readonly fullName: string,
  ) {
    super();
  }
}
