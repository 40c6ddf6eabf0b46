import { Inject, Injectable } from '@nestjs/common';
import { EnvironmentMapAggregate } from '@kiln/domain';
import { DB, EventMeta, saveVersioned } from '@kiln/service-kit';
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
    const write = { table: 'environment_maps' as const, row: stateToRow(map.snapshot()), loadedVersion: map.loadedVersion, deleted: map.isDeleted };
    return saveVersioned(this.db, SCHEMA, write, events, meta);
  }
}
