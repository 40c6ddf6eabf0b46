import { Inject, Injectable } from '@nestjs/common';
import { AccessToken, TokenScope, User } from '@kiln/contracts';
import { normalizeScopes, userDataShort } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { AccessTokenReadModel, TokenOwner, TokenResolution } from '../ports/access-token.repository.port';
import { presentAccessToken, storedFromRow } from './access-token-rows';

/** Tokens as listed, and a secret's hash resolved to its person (from `access_tokens`, `user_view`, `team_members`). */
@Injectable()
export class PgAccessTokenReadModel implements AccessTokenReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async list(owner: TokenOwner): Promise<AccessToken[]> {
    let query = this.db.withSchema(SCHEMA).selectFrom('access_tokens').selectAll();
    query = owner.teamId === null ? query.where('user_id', '=', owner.userId).where('team_id', 'is', null) : query.where('team_id', '=', owner.teamId);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map((row) => presentAccessToken(storedFromRow(row)));
  }

  async resolve(tokenHash: string, now: Date): Promise<TokenResolution | null> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('access_tokens')
      .innerJoin('user_view', 'user_view.id', 'access_tokens.user_id')
      .select([
        'access_tokens.id as token_id',
        'access_tokens.team_id',
        'access_tokens.scopes',
        'access_tokens.expires_at',
        'access_tokens.last_used_at',
        'user_view.id',
        'user_view.full_name',
        'user_view.email',
        'user_view.avatar',
      ])
      .where('access_tokens.token_hash', '=', tokenHash)
      .where((eb) => eb.or([eb('access_tokens.expires_at', 'is', null), eb('access_tokens.expires_at', '>', now)]))
      // A team token works only while the person who made it is an active owner of its team.
      .where((eb) =>
        eb.or([
          eb('access_tokens.team_id', 'is', null),
          eb.exists(
            eb
              .selectFrom('team_members')
              .select('team_members.user_id')
              .whereRef('team_members.team_id', '=', 'access_tokens.team_id')
              .whereRef('team_members.user_id', '=', 'access_tokens.user_id')
              .where('team_members.role', '=', 'owner')
              .where('team_members.status', '=', 'active'),
          ),
        ]),
      )
      .executeTakeFirst();
    if (!row) return null;
    const user: User = {
      id: row.id,
      fullName: row.full_name,
      email: row.email,
      avatar: (row.avatar as User['avatar']) ?? null,
      dataShort: userDataShort(row.full_name, row.id),
    };
    return {
      resolved: {
        user,
        tokenId: row.token_id,
        scopes: normalizeScopes(row.scopes) as TokenScope[],
        teamId: row.team_id,
        expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
      },
      lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
    };
  }
}
