import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ModelAggregate } from '@kiln/domain';
import { appendToOutbox, DB, EventMeta } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../database.types';
import { ModelRepository } from '../ports/model.repository.port';
import { rowToState, stateToRow } from './model-row.mapper';

@Injectable()
export class PgModelRepository implements ModelRepository {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async findById(id: string): Promise<ModelAggregate | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('models').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? ModelAggregate.restore(rowToState(row)) : null;
  }

  async save(model: ModelAggregate, meta: EventMeta): Promise<string[]> {
    const events = model.pullEvents();
    if (events.length === 0) return [];
    const row = stateToRow(model.snapshot());
    return this.db.transaction().execute(async (trx) => {
      const t = trx.withSchema(SCHEMA);
      let changed: bigint | number = 1;
      if (model.loadedVersion === 0) {
        await t.insertInto('models').values(row).execute();
      } else if (model.isDeleted) {
        const result = await t.deleteFrom('models').where('id', '=', row.id).where('version', '=', model.loadedVersion).executeTakeFirst();
        changed = result.numDeletedRows;
      } else {
        const result = await t.updateTable('models').set(row).where('id', '=', row.id).where('version', '=', model.loadedVersion).executeTakeFirst();
        changed = result.numUpdatedRows;
      }
      // Someone else changed the model since we loaded it: nothing is written, the caller may retry.
      if (Number(changed) !== 1) throw new DomainError('conflict', 'The model was changed meanwhile. Please try again.');
      const envelopes = await appendToOutbox(trx, SCHEMA, events, meta);
      return envelopes.map((e) => e.eventId);
    });
  }
}
