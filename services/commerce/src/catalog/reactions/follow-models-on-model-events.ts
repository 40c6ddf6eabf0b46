import { CatalogModel, ModelSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { CatalogFields, decideUpdate, evolveRecord } from '@kiln/domain';
import { Projection } from '@kiln/service-kit';
import { sql, Transaction } from 'kysely';
import { CommerceDatabase, SCHEMA } from '../../database.types';
import { appendToStream } from '../../event-store/event-store';
import { PgRecordStore } from '../../business-records/adapters/pg-record-store';
import { fold } from '../../business-records/ports/record-store.port';
import { presentChanges } from '../../business-records/record-type';
import { catalogItemType } from '../catalog-item-type';

type Trx = Transaction<CommerceDatabase>;

const FOLLOWED = new Set(['workspace.model.renamed.v1', 'workspace.model.deleted.v1']);

/** A catalog item's model id, as its first fact recorded it (the expression of migration 0004's index). */
const itemModelId = sql`e.data->'changes'->'modelId'->>'to'`;

/**
 * The ids of the live catalog items (any owner, any scope) of a model, from the event store itself. The stream
 * type is a literal so the partial index of migration 0004 always applies (a generic plan could not use it).
 */
async function liveItemsOf(trx: Trx, modelId: string): Promise<string[]> {
  const { rows } = await sql<{ stream_id: string }>`
    SELECT e.stream_id FROM ${sql.id(SCHEMA, 'events')} e
    WHERE e.stream_type = ${sql.lit(catalogItemType.rules.type)} AND e.version = 1 AND ${itemModelId} = ${modelId}
      AND NOT EXISTS (SELECT 1 FROM ${sql.id(SCHEMA, 'events')} d WHERE d.stream_id = e.stream_id AND d.type = ${`${catalogItemType.rules.type}.deleted`})
    ORDER BY e.stream_id`.execute(trx);
  return rows.map((r) => r.stream_id);
}

/**
 * Catalog items keep their model's copy fresh (ADR 0027): when a model is renamed or deleted in the
 * workspace, each live item of it gets a `catalog-item.updated` fact whose change is `model` (the new name,
 * or `exists: false`), written with its integration event in the same transaction as this consumer's
 * processed-event row — so it happens exactly once, shows in the item's timeline (by the person who renamed
 * or deleted the model), reaches the pushes, and a rebuild of the catalog view replays it like any other
 * fact. The item's own name (the seller's) is not touched. Nothing to rebuild here: it writes facts.
 */
export const FollowModelsOnModelEvents: Projection = {
  name: 'follow-models-on-model-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.model.>',
  /**
   * Renames and deletions of models that some catalog item copies: one index probe for the batch, no
   * transaction for the others (most models are in no catalog). The probe sees what the transaction's own
   * look-up would have seen (items of deleted streams included; `apply` passes them over).
   */
  async relevant(db, events) {
    const followed = events.filter((event) => FOLLOWED.has(event.type));
    if (followed.length === 0) return [];
    const modelIds = [...new Set(followed.map((event) => (event.data as { model: ModelSnapshot }).model.id))];
    const { rows } = await sql<{ model_id: string }>`
      SELECT DISTINCT ${itemModelId} AS model_id FROM ${sql.id(SCHEMA, 'events')} e
      WHERE e.stream_type = ${sql.lit(catalogItemType.rules.type)} AND e.version = 1 AND ${itemModelId} = ANY(${modelIds}::text[])`.execute(db);
    const copied = new Set(rows.map((row) => row.model_id));
    return followed.filter((event) => copied.has((event.data as { model: ModelSnapshot }).model.id));
  },
  async apply(anyTrx, event) {
    if (!FOLLOWED.has(event.type)) return;
    const trx = anyTrx as Trx;
    const { model } = event.data as { model: ModelSnapshot };
    const store = new PgRecordStore(trx as never);
    const at = new Date(event.occurredAt);
    for (const id of await liveItemsOf(trx, model.id)) {
      const stream = await store.stream(catalogItemType, id, trx);
      const state = stream && fold<CatalogFields>(stream);
      if (!state || state.deleted) continue;
      const copy: CatalogModel = { ...state.fields.model, name: model.name, exists: event.type !== 'workspace.model.deleted.v1' };
      const by = event.actorId ?? state.ownerId;
      const fact = decideUpdate(catalogItemType.rules, state, { changes: {}, model: copy }, by, at);
      if (!fact) continue;
      const after = evolveRecord(state, fact, { id, ownerId: state.ownerId, teamId: state.teamId, projectId: state.projectId });
      await appendToStream(
        trx,
        { type: catalogItemType.rules.type, id, expectedVersion: state.version },
        [
          {
            fact: { type: fact.type, data: { changes: fact.changes }, occurredAt: at },
            integration: {
              type: catalogItemType.events.updated,
              aggregateType: catalogItemType.rules.type,
              aggregateId: id,
              data: { changes: presentChanges(catalogItemType, fact.changes), record: catalogItemType.present(after) },
            },
          },
        ],
        { actorId: by, occurredAt: at, correlationId: event.correlationId, causationId: event.eventId },
      );
    }
  },
  rebuild: async () => 0,
};
