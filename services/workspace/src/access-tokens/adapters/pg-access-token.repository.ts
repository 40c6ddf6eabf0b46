import { Inject, Injectable } from '@nestjs/common';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { AccessTokenRepository, StoredAccessToken, TokenOwner } from '../ports/access-token.repository.port';
import { storedFromRow } from './access-token-rows';

/** `access_tokens`, written directly (authentication state, ADR 0065). */
@Injectable()
export class PgAccessTokenRepository implements AccessTokenRepository {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async namesOf(owner: TokenOwner): Promise<string[]> {
    let query = this.db.withSchema(SCHEMA).selectFrom('access_tokens').select('name');
    query = owner.teamId === null ? query.where('user_id', '=', owner.userId).where('team_id', 'is', null) : query.where('team_id', '=', owner.teamId);
    return (await query.execute()).map((row) => row.name);
  }

  async insert(token: StoredAccessToken): Promise<void> {
    await this.db
      .withSchema(SCHEMA)
      .insertInto('access_tokens')
      .values({
        id: token.id,
        token_hash: token.tokenHash,
        hint: token.hint,
        user_id: token.userId,
        team_id: token.teamId,
        name: token.name,
        scopes: token.scopes,
        created_at: token.createdAt,
        expires_at: token.expiresAt,
        last_used_at: token.lastUsedAt,
      })
      .execute();
  }

  async findById(id: string): Promise<StoredAccessToken | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('access_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? storedFromRow(row) : null;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.withSchema(SCHEMA).deleteFrom('access_tokens').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async touch(id: string, at: Date): Promise<void> {
    // Never backwards: two instances touching at once keep the later time.
    await this.db
      .withSchema(SCHEMA)
      .updateTable('access_tokens')
      .set({ last_used_at: at })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
      .execute();
  }
}
