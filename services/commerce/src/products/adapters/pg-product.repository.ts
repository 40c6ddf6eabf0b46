import { Inject, Injectable } from '@nestjs/common';
import { DomainError, PRODUCT_MESSAGES, ProductAggregate } from '@kiln/domain';
import { DB, EventMeta } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { CommerceDatabase, SCHEMA } from '../../database.types';
import { appendToStream, conflictAs, readStream } from '../../event-store/event-store';
import { ProductRepository } from '../ports/product.repository.port';
import { PRODUCT_STREAM, toFact, toProduct } from './product-mapper';

/** Products in the event store: loaded by folding their stream, saved by appending at the loaded version. */
@Injectable()
export class PgProductRepository implements ProductRepository {
  constructor(@Inject(DB) private readonly db: Kysely<CommerceDatabase>) {}

  async load(id: string): Promise<ProductAggregate | null> {
    const facts = await readStream(this.db, id);
    return facts.length ? ProductAggregate.fromHistory(facts.map((f) => toFact(id, f))) : null;
  }

  async save(product: ProductAggregate, meta: EventMeta): Promise<string[]> {
    const recorded = product.pullFacts();
    if (recorded.length === 0) return [];
    const state = recorded[recorded.length - 1].after;
    return conflictAs(PRODUCT_MESSAGES.changedMeanwhile, () =>
      this.db.transaction().execute(async (trx) => {
        if (product.loadedVersion === 0) {
          // One product per model: the claim commits with the product's first fact, or neither does.
          const claimed = await trx
            .withSchema(SCHEMA)
            .insertInto('product_models')
            .values({ model_id: state.modelId, product_id: state.id })
            .onConflict((oc) => oc.doNothing())
            .returning('product_id')
            .executeTakeFirst();
          if (!claimed) throw new DomainError('conflict', PRODUCT_MESSAGES.alreadyHasProduct);
        }
        return appendToStream(
          trx,
          { type: PRODUCT_STREAM, id: state.id, expectedVersion: product.loadedVersion },
          recorded.map(({ fact, after }) => ({
            fact: { type: fact.type, data: fact.data, occurredAt: fact.occurredAt },
            integration: { type: fact.type, aggregateType: PRODUCT_STREAM, aggregateId: state.id, data: { ...fact.data, product: toProduct(after) } },
          })),
          meta,
        );
      }),
    );
  }
}
