import { Inject, Injectable } from '@nestjs/common';
import { User } from '@kiln/contracts';
import { userDataShort } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

/** People as other parts of the workspace (and the commerce service) may see them: `users` and `user_view`. */
@Injectable()
export class PgUserReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  /** The person with the name they just committed, whatever the projection's lag; the avatar falls back to initials and colour. */
  async withName(userId: string, fullName: string): Promise<User> {
    const db = this.db.withSchema(SCHEMA);
    const row = await db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
    const view = await db.selectFrom('user_view').select('avatar').where('id', '=', userId).executeTakeFirst();
    return { id: row.id, fullName, email: row.email, avatar: (view?.avatar as User['avatar']) ?? null, dataShort: userDataShort(fullName, row.id) };
  }

  /** A person's own e-mail, or null when the account is gone. */
  async emailOf(userId: string): Promise<string | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
    return (row?.email as string | undefined) ?? null;
  }

  /** The person with this e-mail (any case): id, full name and avatar address, or null (ADR 0057). */
  async personByEmail(email: string): Promise<{ id: string; fullName: string; avatar: string | null } | null> {
    const db = this.db.withSchema(SCHEMA);
    const row = await db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
    if (!row) return null;
    const view = await db.selectFrom('user_view').select(['full_name', 'avatar']).where('id', '=', row.id).executeTakeFirst();
    if (!view) return null;
    const avatar = view.avatar as User['avatar'];
    return { id: row.id, fullName: view.full_name, avatar: avatar ? `${avatar.origin}${avatar.path}` : null };
  }

  /** Ids and full names of the people known among these ids. */
  async namesOf(ids: readonly string[]): Promise<{ id: string; fullName: string }[]> {
    const rows = await this.db
      .withSchema(SCHEMA)
      .selectFrom('user_view')
      .select(['id', 'full_name'])
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((r) => ({ id: r.id, fullName: r.full_name }));
  }
}
