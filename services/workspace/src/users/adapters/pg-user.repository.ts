import { Inject, Injectable } from '@nestjs/common';
import { AUTH_MESSAGES } from '@kiln/contracts';
import { DomainError, UserProfileUpdated } from '@kiln/domain';
import { appendToOutbox, DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

/** The `users` state a person changes about themselves, with its events in the outbox. */
@Injectable()
export class PgUserRepository {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  /** The new name into `users` and its event into the outbox, in one transaction; returns the event ids. */
  rename(actorId: string, fullName: string, event: UserProfileUpdated, now: Date): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .withSchema(SCHEMA)
        .updateTable('users')
        .set({ full_name: fullName })
        .where('id', '=', actorId)
        .returning('id')
        .executeTakeFirst();
      // The session resolved, but the account is gone (erased meanwhile).
      if (!updated) throw new DomainError('unauthenticated', AUTH_MESSAGES.notSignedIn);
      const envelopes = await appendToOutbox(trx, SCHEMA, [event], { actorId, occurredAt: now });
      return envelopes.map((e) => e.eventId);
    });
  }
}
