import { componentInUse } from '@kiln/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { ComponentAggregate, DomainError } from '@kiln/domain';
import { DB, EventMeta, saveVersioned } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { ComponentRepository, ComponentUsages } from '../ports/component.repository.port';
import { rowToState, stateToRow } from './component-row.mapper';

/** The components' state, their events and the usages of them: the only SQL of the write side of components. */
@Injectable()
export class PgComponentRepository implements ComponentRepository, ComponentUsages {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async findById(id: string): Promise<ComponentAggregate | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('components').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? ComponentAggregate.restore(rowToState(row)) : null;
  }

  async usedBy(componentId: string): Promise<number> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('component_usages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('component_id', '=', componentId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async save(component: ComponentAggregate, meta: EventMeta): Promise<string[]> {
    const events = component.pullEvents();
    if (events.length === 0) return [];
    const row = stateToRow(component.snapshot());
    const write = { table: 'components' as const, row, loadedVersion: component.loadedVersion, deleted: component.isDeleted };
    // Usages are written under the row lock the guarded DELETE takes (`setUsedBy` locks the component), so a
    // model that takes the component meanwhile either comes first (refused here, the DELETE undone) or finds it gone.
    return saveVersioned(this.db, SCHEMA, write, events, meta, async (trx) => {
      const used = await trx
        .withSchema(SCHEMA)
        .selectFrom('component_usages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('component_id', '=', row.id)
        .executeTakeFirstOrThrow();
      if (Number(used.n) > 0) throw new DomainError('conflict', componentInUse(Number(used.n)));
    });
  }

  async usedByModel(modelId: string): Promise<string[]> {
    const rows = await this.db
      .withSchema(SCHEMA)
      .selectFrom('component_usages')
      .select('component_id')
      .where('model_id', '=', modelId)
      .orderBy('component_id')
      .execute();
    return rows.map((r) => r.component_id);
  }

  async setUsedBy(modelId: string, componentIds: readonly string[], at: Date): Promise<void> {
    const ids = [...new Set(componentIds)].sort();
    await this.db.transaction().execute(async (trx) => {
      const w = trx.withSchema(SCHEMA);
      // Lock the components (in id order, no deadlock) so a deletion waits or is seen; only live ones are recorded.
      const live = ids.length ? await w.selectFrom('components').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute() : [];
      await w.deleteFrom('component_usages').where('model_id', '=', modelId).execute();
      if (live.length)
        await w
          .insertInto('component_usages')
          .values(live.map((c) => ({ component_id: c.id, model_id: modelId, created_at: at })))
          .onConflict((oc) => oc.doNothing())
          .execute();
    });
  }
}
