import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { updateProfile } from '@kiln/domain';
import { Clock, CLOCK } from '@kiln/service-kit';
import { PgUserRepository } from '../../adapters/pg-user.repository';
import { ProfileUpdated, UpdateProfileCommand } from './update-profile.command';

/**
 * PATCH /api/auth/me: the new name goes into the `users` state and `workspace.user.profile-updated.v1`
 * (ids only) into the outbox, in one transaction; the user projection then refreshes `user_view`.
 */
@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand, ProfileUpdated> {
  constructor(
    private readonly users: PgUserRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, fullName: requested }: UpdateProfileCommand): Promise<ProfileUpdated> {
    const now = this.clock.now();
    const { fullName, event } = updateProfile({ id: actorId, fullName: requested, now });
    return { fullName, eventIds: await this.users.rename(actorId, fullName, event, now) };
  }
}
