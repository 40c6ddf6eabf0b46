import { Inject, Injectable } from '@nestjs/common';
import { CatalogModelSource } from '@kiln/contracts';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { accessOfRow, grantColumns } from '../../models/adapters/pg-model.read-model';

/** The author's name when the person is unknown (spec 002 §8 "Unknown"). */
const UNKNOWN_AUTHOR = 'Unknown';

/**
 * Reads `model_view` with the caller's grants (the same policy as GET /api/workspace/model/{id}, the
 * 'Everyone' link included) and `user_view` for the authors' names. Deleted models are missing.
 */
@Injectable()
export class PgCatalogModelsReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async lookup(actorId: string, ids: readonly string[]): Promise<CatalogModelSource[]> {
    const unique = [...new Set(ids)];
    const rows = await this.db
      .withSchema(SCHEMA)
      .selectFrom('model_view as m')
      .selectAll('m')
      .select(grantColumns(actorId))
      .where('m.id', 'in', unique)
      .where('m.deleted_at', 'is', null)
      .execute();
    const authorIds = [...new Set(rows.map((r) => r.author_id))];
    const authors = authorIds.length
      ? new Map(
          (await this.db.withSchema(SCHEMA).selectFrom('user_view').select(['id', 'full_name']).where('id', 'in', authorIds).execute()).map((u) => [
            u.id,
            u.full_name,
          ]),
        )
      : new Map<string, string>();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return unique.map((id): CatalogModelSource => {
      const row = byId.get(id);
      if (!row) return { id, status: 'missing' };
      // Every model role may open the viewer (policy 'model.open.viewer'): any role is enough.
      if (!accessOfRow(actorId, row as Parameters<typeof accessOfRow>[1])) return { id, status: 'forbidden' };
      return {
        id,
        status: 'viewable',
        model: { id, name: row.name, preview: null, author: { id: row.author_id, fullName: authors.get(row.author_id) ?? UNKNOWN_AUTHOR }, exists: true },
        updatedAt: new Date(row.updated_at).toISOString(),
      };
    });
  }
}
