import { Inject, Injectable } from '@nestjs/common';
import { DB, isListedModerator, readModerators } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { CommunityModerators } from '../ports/moderators.port';

/** The moderators of `KILN_MODERATORS` (read once, by the kit), an e-mail matched against the workspace's own users. */
@Injectable()
export class ConfiguredModerators implements CommunityModerators {
  private readonly listed = readModerators();

  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  isModerator(userId: string): Promise<boolean> {
    return isListedModerator(this.listed, userId, async (id) => {
      const row = await this.db.withSchema(SCHEMA).selectFrom('users').select('email').where('id', '=', id).executeTakeFirst();
      return row?.email ?? null;
    });
  }
}
