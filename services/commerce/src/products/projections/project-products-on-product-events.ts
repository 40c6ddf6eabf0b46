import { COMMERCE_STREAM, ProductSnapshot } from '@kiln/contracts';
import { ProductAggregate } from '@kiln/domain';
import { Projection } from '@kiln/service-kit';
import { Transaction } from 'kysely';
import { CommerceDatabase, SCHEMA } from '../../database.types';
import { readStreamsOfType } from '../../event-store/event-store';
import { PRODUCT_STREAM, productToRow, toFact, toProduct } from '../adapters/product-mapper';

type Trx = Transaction<CommerceDatabase>;

async function upsert(trx: Trx, product: ProductSnapshot): Promise<void> {
  const row = productToRow(product);
  await trx
    .withSchema(SCHEMA)
    .insertInto('product_view')
    .values(row)
    // The stream's version orders the facts: a late or repeated event never overwrites a newer state.
    .onConflict((oc) => oc.column('id').doUpdateSet(row).where('product_view.version', '<', product.version))
    .execute();
}

/**
 * Builds `product_view` from COMMERCE_EVENTS (each event carries the product's state after it). A rebuild
 * folds every product stream of the events table with the domain's own `evolve`: the read model is then
 * exactly what the facts say, whatever the stream still holds.
 */
export const ProjectProductsOnProductEvents: Projection = {
  name: 'project-products-on-product-events',
  stream: COMMERCE_STREAM.name,
  subject: 'commerce.product.>',
  async apply(trx, event) {
    await upsert(trx as Trx, (event.data as { product: ProductSnapshot }).product);
  },
  async rebuild(trx) {
    const t = trx as Trx;
    await t.withSchema(SCHEMA).deleteFrom('product_view').execute();
    const streams = await readStreamsOfType(t, PRODUCT_STREAM);
    for (const [id, facts] of streams) await upsert(t, toProduct(ProductAggregate.fromHistory(facts.map((f) => toFact(id, f))).snapshot()));
    return streams.size;
  },
};
