import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AUTH_MESSAGES } from '@kiln/contracts';
import { DomainError, updateProfile } from '@kiln/domain';
import { appendToOutbox, DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../../database.types';
import { Clock, CLOCK } from '@kiln/service-kit';
import { ProfileUpdated, UpdateProfileCommand } from './update-profile.command';

/**
 * PATCH /api/auth/me: the new name goes into the `users` state and `workspace.user.profile-updated.v1`
 * (ids only) into the outbox, in one transaction; the user projection then refreshes `user_view`.
 */
@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand, ProfileUpdated> {
  constructor(
    @Inject(DB) private readonly db: Kysely<WorkspaceDatabase>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, fullName: requested }: UpdateProfileCommand): Promise<ProfileUpdated> {
    const now = this.clock.now();
    const { fullName, event } = updateProfile({ id: actorId, fullName: requested, now });
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx.withSchema(SCHEMA).updateTable('users').set({ full_name: fullName }).where('id', '=', actorId).returning('id').executeTakeFirst();
      // The session resolved, but the account is gone (erased meanwhile).
      if (!updated) throw new DomainError('unauthenticated', AUTH_MESSAGES.notSignedIn);
      const envelopes = await appendToOutbox(trx, SCHEMA, [event], { actorId, occurredAt: now });
      return { fullName, eventIds: envelopes.map((e) => e.eventId) };
    });
  }
}
