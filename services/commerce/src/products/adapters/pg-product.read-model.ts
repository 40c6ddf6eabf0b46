import { Inject, Injectable } from '@nestjs/common';
import { Product, ProductList } from '@kiln/contracts';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { CommerceDatabase, SCHEMA } from '../../database.types';
import { rowToProduct } from './product-mapper';

/** Reads `product_view` only (queries never fold events). */
@Injectable()
export class PgProductReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<CommerceDatabase>) {}

  async byId(id: string): Promise<Product | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('product_view').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? rowToProduct(row) : null;
  }

  /** The marketplace: published and production-ready, newest published first. */
  async listed(skip: number, limit: number): Promise<ProductList> {
    const base = () => this.db.withSchema(SCHEMA).selectFrom('product_view').where('status', '=', 'published').where('production_ready', '=', true);
    const [rows, count] = await Promise.all([
      base().selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc').offset(skip).limit(limit).execute(),
      base()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { data: rows.map(rowToProduct), total: Number(count.total) };
  }

  /** The moderation queue: waiting products, oldest submission first. */
  async waiting(skip: number, limit: number): Promise<ProductList> {
    const base = () => this.db.withSchema(SCHEMA).selectFrom('product_view').where('status', '=', 'non moderated');
    const [rows, count] = await Promise.all([
      base().selectAll().orderBy('submitted_at', 'asc').orderBy('id', 'asc').offset(skip).limit(limit).execute(),
      base()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { data: rows.map(rowToProduct), total: Number(count.total) };
  }
}
