import { Inject, Injectable } from '@nestjs/common';
import { MaterialClassId } from '@kiln/contracts';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { scopedRows } from '../../business-records/adapters/pg-record-read-model';
import { CommerceDatabase, SCHEMA } from '../../database.types';
import { ListScope } from '../../team-access/ports/business-access.port';
import { materialType } from '../material-type';
import { MaterialInTree, MaterialName, MaterialReadModel } from '../ports/material-read-model.port';

@Injectable()
export class PgMaterialReadModel implements MaterialReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<CommerceDatabase>) {}

  async inScopeByName(scope: ListScope): Promise<MaterialInTree[]> {
    const rows = await scopedRows(this.db, materialType, scope).select(['id', 'name', 'material_class', 'record']).orderBy('name').orderBy('id').execute();
    return rows.map((row) => {
      const record = row.record as { internalName: string; avatar: string | null };
      return { id: row.id, name: row.name, materialClass: row.material_class as MaterialClassId, internalName: record.internalName, avatar: record.avatar };
    });
  }

  async liveNames(ids: string[]): Promise<MaterialName[]> {
    const rows = await this.db
      .withSchema(SCHEMA)
      .selectFrom('business_material_view')
      .select(['id', 'name', 'owner_id', 'team_id'])
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute();
    return rows.map((r) => ({ id: r.id, name: r.name, ownerId: r.owner_id, teamId: r.team_id }));
  }
}
