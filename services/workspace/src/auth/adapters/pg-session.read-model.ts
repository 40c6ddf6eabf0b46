import { Inject, Injectable } from '@nestjs/common';
import { User } from '@kiln/contracts';
import { userDataShort } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { ResolvedSession } from '../queries/resolve-session/resolve-session.query';
import { hashSessionToken } from '../session-token';

/** Sessions with their person, read from `sessions` and `user_view`. */
@Injectable()
export class PgSessionReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  /** Who a session token belongs to and until when; null when it is unknown or expired. */
  async resolve(token: string): Promise<ResolvedSession | null> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('sessions')
      .innerJoin('user_view', 'user_view.id', 'sessions.user_id')
      .select(['user_view.id', 'user_view.full_name', 'user_view.email', 'user_view.avatar', 'sessions.expires_at'])
      .where('sessions.token_hash', '=', hashSessionToken(token))
      .where('sessions.expires_at', '>', new Date())
      .executeTakeFirst();
    if (!row) return null;
    const user: User = {
      id: row.id,
      fullName: row.full_name,
      email: row.email,
      avatar: (row.avatar as User['avatar']) ?? null,
      dataShort: userDataShort(row.full_name, row.id),
    };
    return { user, expiresAt: new Date(row.expires_at).toISOString() };
  }
}
