import { COMMON_MESSAGES, TEXTURE_HOLDERS_MAX, TEXTURE_MESSAGES, TextureHolders } from '@kiln/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, TextureAggregate, TextureAssociationAggregate, TextureEvent } from '@kiln/domain';
import { appendToOutbox, DB, EventMeta, saveVersioned, writeWithOutbox } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { TextureRepository } from '../ports/texture.repository.port';
import { associationRowToState, associationStateToRow, rowToState, stateToRow } from './texture-row.mapper';

/** Textures' and texture associations' state and their events: the only SQL of their write side. */
@Injectable()
export class PgTextureRepository implements TextureRepository {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async findById(id: string): Promise<TextureAggregate | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('textures').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? TextureAggregate.restore(rowToState(row)) : null;
  }

  async save(texture: TextureAggregate, meta: EventMeta): Promise<string[]> {
    const events = await this.withHolders(texture.pullEvents());
    if (events.length === 0) return [];
    const write = { table: 'textures' as const, row: stateToRow(texture.snapshot()), loadedVersion: texture.loadedVersion, deleted: texture.isDeleted };
    return saveVersioned(this.db, SCHEMA, write, events, meta);
  }

  /**
   * A change of a texture some libraries hold (an update, a rejection, a deletion) names them in its event, so
   * the live pushes reach them (ADR 0061): the associations as they are now, at most TEXTURE_HOLDERS_MAX of each kind.
   */
  private async withHolders(events: TextureEvent[]): Promise<TextureEvent[]> {
    const changes = events.filter((e) => e.type !== 'workspace.texture.created.v1');
    if (changes.length === 0) return events;
    const rows = await this.db
      .withSchema(SCHEMA)
      .selectFrom('texture_associations')
      .select(['user_id', 'team_id'])
      .where('texture_id', '=', changes[0]!.aggregateId)
      .limit(4 * TEXTURE_HOLDERS_MAX)
      .execute();
    if (rows.length === 0) return events;
    const holders: TextureHolders = {
      userIds: [...new Set(rows.filter((r) => !r.team_id).map((r) => r.user_id))].slice(0, TEXTURE_HOLDERS_MAX),
      teamIds: [...new Set(rows.flatMap((r) => (r.team_id ? [r.team_id] : [])))].slice(0, TEXTURE_HOLDERS_MAX),
    };
    return events.map((e) => (e.type === 'workspace.texture.created.v1' ? e : ({ ...e, data: { ...e.data, holders } } as unknown as TextureEvent)));
  }

  async findAssociation(id: string): Promise<TextureAssociationAggregate | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('texture_associations').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? TextureAssociationAggregate.restore(associationRowToState(row)) : null;
  }

  async saveAssociation(association: TextureAssociationAggregate, meta: EventMeta): Promise<string[]> {
    const events = association.pullEvents();
    if (events.length === 0) return [];
    const row = associationStateToRow(association.snapshot());
    if (association.isDeleted) {
      return this.db.transaction().execute(async (trx) => {
        const gone = await trx.withSchema(SCHEMA).deleteFrom('texture_associations').where('id', '=', row.id).returning('id').executeTakeFirst();
        if (!gone) throw new DomainError('conflict', COMMON_MESSAGES.changedMeanwhile);
        return (await appendToOutbox(trx, SCHEMA, events, meta)).map((e) => e.eventId);
      });
    }
    const change = this.db
      .withSchema(SCHEMA)
      .insertInto('texture_associations')
      .values(row)
      .onConflict((oc) => oc.columns(['library', 'texture_id']).doNothing())
      .returning('id');
    const { changed, envelopes } = await writeWithOutbox(this.db, SCHEMA, change, events, meta);
    if (changed !== 1) throw new DomainError('conflict', TEXTURE_MESSAGES.alreadyAdded);
    return envelopes.map((e) => e.eventId);
  }
}
