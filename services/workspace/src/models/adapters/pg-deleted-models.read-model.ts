import { Inject, Injectable } from '@nestjs/common';
import { DeletedModelList, RecentlyDeletedQuery } from '@kiln/contracts';
import { daysLeftToRestore, restorableUntil, restoreWindowStart } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { ModelRow, SCHEMA, WorkspaceDatabase } from '../../database.types';

/**
 * "Recently deleted" (ADR 0048): the caller's deleted models still in the restore window, newest deletion
 * first. `deleted_models` is the only place they are kept, so the list reads it, as commands do.
 */
@Injectable()
export class PgDeletedModelsReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async list(authorId: string, query: RecentlyDeletedQuery, now: Date): Promise<DeletedModelList> {
    const since = restoreWindowStart(now);
    const mine = this.db.withSchema(SCHEMA).selectFrom('deleted_models').where('author_id', '=', authorId).where('deleted_at', '>=', since);
    const [rows, count] = await Promise.all([
      mine.select(['model', 'deleted_at']).orderBy('deleted_at', 'desc').orderBy('id', 'desc').offset(query.skip).limit(query.limit).execute(),
      mine.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.total),
      data: rows.map((row) => {
        const model = row.model as unknown as ModelRow;
        const deletedAt = new Date(row.deleted_at);
        return {
          id: model.id,
          name: model.name,
          teamId: model.team_id,
          projectId: model.project_id,
          deletedAt: deletedAt.toISOString(),
          restorableUntil: restorableUntil(deletedAt).toISOString(),
          daysLeft: daysLeftToRestore(deletedAt, now),
        };
      }),
    };
  }
}
