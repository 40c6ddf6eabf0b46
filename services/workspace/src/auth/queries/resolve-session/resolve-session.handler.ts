import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AUTH_MESSAGES, User } from '@kiln/contracts';
import { DomainError, userDataShort } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { hashSessionToken } from '../../../adapters/session-token';
import { SCHEMA, WorkspaceDatabase } from '../../../database.types';
import { ResolvedSession, ResolveSessionQuery } from './resolve-session.query';

/** Who a session token belongs to and until when; 401 when it is unknown or expired. */
@QueryHandler(ResolveSessionQuery)
export class ResolveSessionHandler implements IQueryHandler<ResolveSessionQuery, ResolvedSession> {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async execute({ token }: ResolveSessionQuery): Promise<ResolvedSession> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('sessions')
      .innerJoin('user_view', 'user_view.id', 'sessions.user_id')
      .select(['user_view.id', 'user_view.full_name', 'user_view.email', 'user_view.avatar', 'sessions.expires_at'])
      .where('sessions.token_hash', '=', hashSessionToken(token))
      .where('sessions.expires_at', '>', new Date())
      .executeTakeFirst();
    if (!row) throw new DomainError('unauthenticated', AUTH_MESSAGES.notSignedIn);
    const user: User = { id: row.id, fullName: row.full_name, email: row.email, avatar: (row.avatar as User['avatar']) ?? null, dataShort: userDataShort(row.full_name, row.id) };
    return { user, expiresAt: new Date(row.expires_at).toISOString() };
  }
}
