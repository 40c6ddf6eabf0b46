import { Inject, Injectable } from '@nestjs/common';
import { ModelListQuery, ProductStatus, PublishedModel } from '@kiln/contracts';
import { DB } from '@kiln/service-kit';
import { Kysely, sql } from 'kysely';
import { z } from 'zod';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

const SORT_COLUMN = { createdAt: 'm.created_at', updatedAt: 'm.updated_at', name: 'm.name' } as const;
const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A model's product as Published shows it. */
export interface PublishedRow {
  modelId: string;
  product: PublishedModel['product'];
}

/** Reads `model_view` and `model_products`: the caller's live models with a product, newest change first. */
@Injectable()
export class PgPublishedReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  async page(actorId: string, params: z.output<typeof ModelListQuery>): Promise<{ rows: PublishedRow[]; total: number }> {
    let base = this.db
      .withSchema(SCHEMA)
      .selectFrom('model_products as p')
      .innerJoin('model_view as m', 'm.id', 'p.model_id')
      .where('p.owner_id', '=', actorId)
      .where('m.author_id', '=', actorId)
      .where('m.deleted_at', 'is', null);
    const contains = params.where?.name?.contains.trim();
    if (contains) base = base.where('m.name', 'ilike', escapeLike(contains));
    const sort = params.sort ?? { field: 'updatedAt' as const, direction: 'desc' as const };
    const ordered = base.orderBy(sort.field === 'name' ? sql`lower(m.name)` : sql.ref(SORT_COLUMN[sort.field]), sort.direction).orderBy('m.id', sort.direction);
    const [rows, count] = await Promise.all([
      ordered
        .select(['p.product_id', 'p.model_id', 'p.status', 'p.title', 'p.production_ready', 'p.version'])
        .offset(params.skip)
        .limit(params.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({
        modelId: row.model_id,
        product: { id: row.product_id, status: row.status as ProductStatus, title: row.title, productionReady: row.production_ready, version: row.version },
      })),
      total: Number(count.n),
    };
  }
}
