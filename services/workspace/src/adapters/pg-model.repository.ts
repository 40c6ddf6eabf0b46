import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ModelAggregate } from '@kiln/domain';
import { DB, EventMeta, writeWithOutbox } from '@kiln/service-kit';
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
    const t = this.db.withSchema(SCHEMA);
    const change =
      model.loadedVersion === 0
        ? t.insertInto('models').values(row).returning('id')
        : model.isDeleted
          ? t.deleteFrom('models').where('id', '=', row.id).where('version', '=', model.loadedVersion).returning('id')
          : t.updateTable('models').set(row).where('id', '=', row.id).where('version', '=', model.loadedVersion).returning('id');
    // The row and its events in one statement (one round trip per command).
    const { changed, envelopes } = await writeWithOutbox(this.db, SCHEMA, change, events, meta);
    // Someone else changed the model since we loaded it: nothing is written, the caller may retry.
    if (changed !== 1) throw new DomainError('conflict', 'The model was changed meanwhile. Please try again.');
    return envelopes.map((e) => e.eventId);
  }
}
