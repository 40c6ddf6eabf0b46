import { Inject, Injectable } from '@nestjs/common';
import { FontAggregate } from '@kiln/domain';
import { DB, EventMeta, saveVersioned } from '@kiln/service-kit';
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
    const values = { ...row, media: JSON.stringify(row.media) };
    return saveVersioned(this.db, SCHEMA, { table: 'fonts', row: values, loadedVersion: font.loadedVersion, deleted: font.isDeleted }, events, meta);
  }
}
