import { COMMON_MESSAGES } from '@kiln/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, EnvironmentMapAggregate } from '@kiln/domain';
import { appendToOutbox, DB, EventMeta, writeWithOutbox } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { EnvironmentMapRepository } from '../ports/environment-map.repository.port';
import { rowToState, stateToRow } from './environment-map-row.mapper';

/** Scenes' state and their events: the only SQL of their write side. */
@Injectable()
export class PgEnvironmentMapRepository implements EnvironmentMapRepository {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async findById(id: string): Promise<EnvironmentMapAggregate | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('environment_maps').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? EnvironmentMapAggregate.restore(rowToState(row)) : null;
  }

  async save(map: EnvironmentMapAggregate, meta: EventMeta): Promise<string[]> {
    const events = map.pullEvents();
    if (events.length === 0) return [];
    const row = stateToRow(map.snapshot());
    if (map.isDeleted) {
      return this.db.transaction().execute(async (trx) => {
        const gone = await trx
          .withSchema(SCHEMA)
          .deleteFrom('environment_maps')
          .where('id', '=', row.id)
          .where('version', '=', map.loadedVersion)
          .returning('id')
          .executeTakeFirst();
        if (!gone) throw new DomainError('conflict', COMMON_MESSAGES.changedMeanwhile);
        return (await appendToOutbox(trx, SCHEMA, events, meta)).map((e) => e.eventId);
      });
    }
    const t = this.db.withSchema(SCHEMA);
    const change =
      map.loadedVersion === 0
        ? t.insertInto('environment_maps').values(row).returning('id')
        : t.updateTable('environment_maps').set(row).where('id', '=', row.id).where('version', '=', map.loadedVersion).returning('id');
    const { changed, envelopes } = await writeWithOutbox(this.db, SCHEMA, change, events, meta);
    if (changed !== 1) throw new DomainError('conflict', COMMON_MESSAGES.changedMeanwhile);
    return envelopes.map((e) => e.eventId);
  }
}
