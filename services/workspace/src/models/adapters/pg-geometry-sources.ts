import { Inject, Injectable } from '@nestjs/common';
import { TeamRole } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { FoundComponent, FoundGeometrySource, GeometrySources } from '../ports/geometry-sources.port';

/**
 * The 3D objects from the asset items' state table (`asset_items`, where a deleted item has no row; ADR 0052),
 * with the caller's active role in the object's team, in one statement; never a read model, so a command
 * does not act on a lag.
 */
@Injectable()
export class PgGeometrySources implements GeometrySources {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async findObject3d(id: string, callerId: string): Promise<FoundGeometrySource | null> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('asset_items as a')
      .select(['a.id', 'a.media_id', 'a.author_id', 'a.team_id', 'a.project_id'])
      .select((eb) =>
        eb
          .selectFrom('team_members as tm')
          .select('tm.role')
          .whereRef('tm.team_id', '=', 'a.team_id')
          .where('tm.user_id', '=', callerId)
          .where('tm.status', '=', 'active')
          .limit(1)
          .as('team_role'),
      )
      .where('a.id', '=', id)
      .where('a.kind', '=', 'object3d')
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      mediaId: row.media_id,
      authorId: row.author_id,
      teamId: row.team_id,
      projectId: row.project_id,
      callerTeamRole: (row.team_role as TeamRole | null) ?? null,
    };
  }

  async findComponents(ids: readonly string[], callerId: string): Promise<FoundComponent[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .withSchema(SCHEMA)
      .selectFrom('components as c')
      .select(['c.id', 'c.author_id', 'c.team_id', 'c.project_id'])
      .select((eb) =>
        eb
          .selectFrom('team_members as tm')
          .select('tm.role')
          .whereRef('tm.team_id', '=', 'c.team_id')
          .where('tm.user_id', '=', callerId)
          .where('tm.status', '=', 'active')
          .limit(1)
          .as('team_role'),
      )
      .where('c.id', 'in', [...new Set(ids)])
      .execute();
    return rows.map((row) => ({
      id: row.id,
      authorId: row.author_id,
      teamId: row.team_id,
      projectId: row.project_id,
      callerTeamRole: (row.team_role as TeamRole | null) ?? null,
    }));
  }
}
