import { Inject, Injectable } from '@nestjs/common';
import { UserRegistered } from '@kiln/domain';
import { appendToOutbox, DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../database.types';
import { NewSession, UserAccount, UserAccountRepository } from '../ports/user-account.repository.port';

const sessionRow = (s: NewSession) => ({ token_hash: s.tokenHash, user_id: s.userId, created_at: s.createdAt, expires_at: s.expiresAt });

@Injectable()
export class PgUserAccountRepository implements UserAccountRepository {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async findByEmail(email: string): Promise<UserAccount | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    return row ? { id: row.id, email: row.email, fullName: row.full_name, passwordHash: row.password_hash, createdAt: new Date(row.created_at) } : null;
  }

  async register(account: UserAccount, event: UserRegistered, session: NewSession) {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .withSchema(SCHEMA)
        .insertInto('users')
        .values({ id: account.id, email: account.email, full_name: account.fullName, password_hash: account.passwordHash, created_at: account.createdAt })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return { created: false, eventIds: [] };
      await trx.withSchema(SCHEMA).insertInto('sessions').values(sessionRow(session)).execute();
      const envelopes = await appendToOutbox(trx, SCHEMA, [event], { actorId: account.id, occurredAt: account.createdAt });
      return { created: true, eventIds: envelopes.map((e) => e.eventId) };
    });
  }

  async createSession(session: NewSession): Promise<void> {
    await this.db.withSchema(SCHEMA).insertInto('sessions').values(sessionRow(session)).execute();
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.withSchema(SCHEMA).deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  async countRecentFailures(by: { email: string } | { ip: string }, since: Date): Promise<number> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => ('email' in by ? eb('email', '=', by.email) : eb('ip', '=', by.ip)))
      .where('at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async recordFailure(failure: { email: string; ip: string; at: Date }): Promise<void> {
    await this.db.withSchema(SCHEMA).insertInto('login_failures').values(failure).execute();
  }

  async clearFailures(email: string): Promise<void> {
    await this.db.withSchema(SCHEMA).deleteFrom('login_failures').where('email', '=', email).execute();
  }
}
