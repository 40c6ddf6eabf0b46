import { COMMON_MESSAGES } from '@kiln/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, FontAggregate } from '@kiln/domain';
import { appendToOutbox, DB, EventMeta, writeWithOutbox } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { FontRepository } from '../ports/font.repository.port';
import { rowToState, stateToRow } from './font-row.mapper';

/** The fonts' state and their events: the only SQL of the write side of fonts. */
@Injectable()
export class PgFontRepository implements FontRepository {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async findById(id: string): Promise<FontAggregate | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('fonts').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? FontAggregate.restore(rowToState(row)) : null;
  }

  async findMany(ids: readonly string[]): Promise<FontAggregate[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .withSchema(SCHEMA)
      .selectFrom('fonts')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return rows.map((row) => FontAggregate.restore(rowToState(row)));
  }

  async save(font: FontAggregate, meta: EventMeta): Promise<string[]> {
    const events = font.pullEvents();
    if (events.length === 0) return [];
    const row = stateToRow(font.snapshot());
    if (font.isDeleted) {
      return this.db.transaction().execute(async (trx) => {
        const gone = await trx.withSchema(SCHEMA).deleteFrom('fonts').where('id', '=', row.id).where('version', '=', font.loadedVersion).executeTakeFirst();
        if (Number(gone.numDeletedRows) !== 1) throw new DomainError('conflict', COMMON_MESSAGES.changedMeanwhile);
        return (await appendToOutbox(trx, SCHEMA, events, meta)).map((e) => e.eventId);
      });
    }
    const t = this.db.withSchema(SCHEMA);
    const values = { ...row, media: JSON.stringify(row.media) };
    const change =
      font.loadedVersion === 0
        ? t.insertInto('fonts').values(values).returning('id')
        : t.updateTable('fonts').set(values).where('id', '=', row.id).where('version', '=', font.loadedVersion).returning('id');
    const { changed, envelopes } = await writeWithOutbox(this.db, SCHEMA, change, events, meta);
    if (changed !== 1) throw new DomainError('conflict', COMMON_MESSAGES.changedMeanwhile);
    return envelopes.map((e) => e.eventId);
  }
}
