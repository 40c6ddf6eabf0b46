import { Inject, Injectable } from '@nestjs/common';
import { clientAddressKey, RateLimitRule, slidingWindowVerdict, UserRegistered } from '@kiln/domain';
import { appendToOutbox, DB, RateLimiter } from '@kiln/service-kit';
import { Kysely, sql, Transaction } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { LoginAttempt, LoginClaim, LoginLimits, NewSession, UserAccount, UserAccountRepository } from '../ports/user-account.repository.port';

// Advisory lock classes (the two-key space, apart from the kit's one-key locks): attempts on one e-mail from one address, from one address.
const LOCK_LOGIN_EMAIL_ADDRESS = 0x6b3;
const LOCK_LOGIN_ADDRESS = 0x6b2;

const sessionRow = (s: NewSession) => ({ token_hash: s.tokenHash, user_id: s.userId, created_at: s.createdAt, expires_at: s.expiresAt });

@Injectable()
export class PgUserAccountRepository implements UserAccountRepository {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  /** Counts one sign-up from a client address (an IPv6 one by its /64); 429 with Retry-After past KILN_LIMIT_REGISTER_PER_ADDRESS. */
  limitRegistration(ip: string, rule: RateLimitRule): Promise<unknown> {
    return new RateLimiter(this.db, SCHEMA).hit(`register:${clientAddressKey(ip)}`, rule);
  }

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

  async claimLoginAttempt(attempt: LoginAttempt, limits: LoginLimits): Promise<LoginClaim> {
    return this.db.transaction().execute(async (trx) => {
      // Held until commit: attempts on this e-mail from this address, or from this address, wait here, so
      // each one counts the failures claimed before it. Pair first, then address, always, so two attempts
      // never deadlock.
      await sql`SELECT pg_advisory_xact_lock(${LOCK_LOGIN_EMAIL_ADDRESS}::int, hashtext(${`${attempt.email} ${attempt.ip}`}))`.execute(trx);
      await sql`SELECT pg_advisory_xact_lock(${LOCK_LOGIN_ADDRESS}::int, hashtext(${attempt.ip}))`.execute(trx);
      const verdicts = [
        slidingWindowVerdict(await recentFailures(trx, attempt, limits.perEmailAndAddress), limits.perEmailAndAddress, attempt.at),
        slidingWindowVerdict(await recentFailures(trx, { ip: attempt.ip, at: attempt.at }, limits.perAddress), limits.perAddress, attempt.at),
      ];
      const waits = verdicts.flatMap((v) => (v.allowed ? [] : [v.retryAfterSeconds]));
      if (waits.length) return { claimed: false, retryAfterSeconds: Math.max(...waits) };
      // Provisional: a right password deletes it again (clearFailures).
      await trx.withSchema(SCHEMA).insertInto('login_failures').values(attempt).execute();
      return { claimed: true };
    });
  }

  async clearFailures({ email, ip }: Pick<LoginAttempt, 'email' | 'ip'>): Promise<void> {
    await this.db.withSchema(SCHEMA).deleteFrom('login_failures').where('email', '=', email).where('ip', '=', ip).execute();
  }
}

/** The times of the latest `rule.max` failures within the window, of the pair or (without e-mail) of the address: all a sliding-window verdict needs. */
async function recentFailures(trx: Transaction<WorkspaceDatabase>, of: { email?: string; ip: string; at: Date }, rule: RateLimitRule): Promise<Date[]> {
  let query = trx.withSchema(SCHEMA).selectFrom('login_failures').select('at').where('ip', '=', of.ip);
  if (of.email !== undefined) query = query.where('email', '=', of.email);
  const rows = await query
    .where('at', '>', new Date(of.at.getTime() - rule.windowSeconds * 1000))
    .orderBy('at', 'desc')
    .limit(rule.max)
    .execute();
  return rows.map((r) => new Date(r.at));
}
