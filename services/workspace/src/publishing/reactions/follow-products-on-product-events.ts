import { AnyEventEnvelope, COMMERCE_STREAM, ProductSnapshot } from '@kiln/contracts';
import { ModelAggregate, notificationForModeration } from '@kiln/domain';
import { appendToOutbox, Projection } from '@kiln/service-kit';
import { Transaction } from 'kysely';
import { rowToState, stateToRow } from '../../models/adapters/model-row.mapper';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { causeOf, createNotifications } from '../../notifications/adapters/notification-store';

type Trx = Transaction<WorkspaceDatabase>;

/**
 * A reaction to the commerce service's product events (ADR 0022), in one transaction with its
 * `processed_events` row:
 * - `model_products` keeps each model's product and status (Published lists them), version-guarded, so a
 *   late or repeated event changes nothing;
 * - the model follows its product (`productId`, `publishedAt`) through the ModelAggregate, its state and
 *   `workspace.model.product-changed.v1` written together (model_view and the pushes follow);
 * - a moderator's decision notifies the author, like the notifications slice's reactions do.
 */
export const FollowProductsOnProductEvents: Projection = {
  name: 'follow-products-on-product-events',
  stream: COMMERCE_STREAM.name,
  subject: 'commerce.product.>',
  async apply(trx, event) {
    const t = trx as Trx;
    const { product } = event.data as { product: ProductSnapshot };
    if (!(await recordProduct(t, product))) return;
    await followOnModel(t, product, event);
    if (event.type === 'commerce.product.approved.v1' || event.type === 'commerce.product.rejected.v1') {
      const draft = notificationForModeration({
        authorId: product.ownerId,
        productId: product.id,
        title: product.title,
        approved: event.type === 'commerce.product.approved.v1',
      });
      await createNotifications(t, [draft], causeOf(event), new Date(event.occurredAt));
    }
  },
  // Writes state (and its events), like the notification reactions: nothing to rebuild.
  rebuild: async () => 0,
};

/** Answers false when this product's state is not newer than the one kept (a stale or repeated event). */
async function recordProduct(trx: Trx, product: ProductSnapshot): Promise<boolean> {
  const row = {
    product_id: product.id,
    model_id: product.model,
    owner_id: product.ownerId,
    status: product.status,
    title: product.title,
    production_ready: product.productionReady,
    version: product.version,
  };
  const written = await trx
    .withSchema(SCHEMA)
    .insertInto('model_products')
    .values(row)
    .onConflict((oc) => oc.column('product_id').doUpdateSet(row).where('model_products.version', '<', product.version))
    .returning('product_id')
    .executeTakeFirst();
  return !!written;
}

async function followOnModel(trx: Trx, product: ProductSnapshot, event: AnyEventEnvelope): Promise<void> {
  const row = await trx.withSchema(SCHEMA).selectFrom('models').selectAll().where('id', '=', product.model).forUpdate().executeTakeFirst();
  // The model was deleted meanwhile: nothing left to follow.
  if (!row) return;
  const model = ModelAggregate.restore(rowToState(row));
  model.followProduct(product.id, product.publishedAt ? new Date(product.publishedAt) : null);
  const events = model.pullEvents();
  if (events.length === 0) return;
  await trx.withSchema(SCHEMA).updateTable('models').set(stateToRow(model.snapshot())).where('id', '=', row.id).execute();
  await appendToOutbox(trx, SCHEMA, events, {
    actorId: event.actorId,
    correlationId: event.correlationId,
    causationId: event.eventId,
    occurredAt: new Date(event.occurredAt),
  });
}
