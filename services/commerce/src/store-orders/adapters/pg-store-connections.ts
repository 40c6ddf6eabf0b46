import { Inject, Injectable } from '@nestjs/common';
import type { StorePlatform } from '@kiln/contracts';
import type { StoreLineRecord } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely, sql } from 'kysely';
import type { RecordTransaction } from '../../business-records/ports/record-store.port';
import { CommerceDatabase, SCHEMA } from '../../database.types';
import { LineAlreadyReceived, LineNoLongerWaiting, SkuMappingRow, StoreConnectionRow, StoreConnections, StoreLineRow } from '../ports/store-connections.port';

const asDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

function connectionOf(r: {
  id: string;
  platform: string;
  name: string;
  shop_url: string;
  secret_sealed: string;
  owner_id: string;
  team_id: string | null;
  project_id: string | null;
  created_at: unknown;
}): StoreConnectionRow {
  return {
    id: r.id,
    platform: r.platform as StorePlatform,
    name: r.name,
    shopUrl: r.shop_url,
    secretSealed: r.secret_sealed,
    ownerId: r.owner_id,
    teamId: r.team_id,
    projectId: r.project_id,
    createdAt: asDate(r.created_at),
  };
}

function lineOf(r: {
  id: string;
  connection_id: string;
  line_key: string;
  status: string;
  sku: string;
  line: unknown;
  order_id: string | null;
  delivery_id: string | null;
  received_at: unknown;
}): StoreLineRow {
  return {
    id: r.id,
    connectionId: r.connection_id,
    lineKey: r.line_key,
    status: r.status as StoreLineRow['status'],
    sku: r.sku,
    line: r.line as StoreLineRecord,
    orderId: r.order_id,
    deliveryId: r.delivery_id,
    receivedAt: asDate(r.received_at),
  };
}

/** Postgres error 23505: a unique key taken. */
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

@Injectable()
export class PgStoreConnections implements StoreConnections {
  constructor(@Inject(DB) private readonly db: Kysely<CommerceDatabase>) {}

  private get q() {
    return this.db.withSchema(SCHEMA);
  }

  async insert(row: StoreConnectionRow): Promise<void> {
    await this.q
      .insertInto('store_connections')
      .values({
        id: row.id,
        platform: row.platform,
        name: row.name,
        shop_url: row.shopUrl,
        secret_sealed: row.secretSealed,
        owner_id: row.ownerId,
        team_id: row.teamId,
        project_id: row.projectId,
        created_at: row.createdAt,
      })
      .execute();
  }

  async get(id: string): Promise<StoreConnectionRow | null> {
    const row = await this.q.selectFrom('store_connections').selectAll().where('id', '=', id).where('removed_at', 'is', null).executeTakeFirst();
    return row ? connectionOf(row) : null;
  }

  async list(scope: { kind: 'personal'; ownerId: string } | { kind: 'team'; teamId: string; projectId?: string | null }, limit: number) {
    let query = this.q.selectFrom('store_connections').selectAll().where('removed_at', 'is', null);
    if (scope.kind === 'personal') query = query.where('team_id', 'is', null).where('owner_id', '=', scope.ownerId);
    else {
      query = query.where('team_id', '=', scope.teamId);
      if (scope.projectId !== undefined)
        query = scope.projectId === null ? query.where('project_id', 'is', null) : query.where('project_id', '=', scope.projectId);
    }
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map(connectionOf);
  }

  async remove(id: string, at: Date): Promise<void> {
    await this.q.updateTable('store_connections').set({ removed_at: at }).where('id', '=', id).where('removed_at', 'is', null).execute();
  }

  async waitingCounts(connectionIds: string[]): Promise<Map<string, number>> {
    if (connectionIds.length === 0) return new Map();
    const rows = await this.q
      .selectFrom('store_order_lines')
      .select(['connection_id', sql<string>`count(*)`.as('n')])
      .where('connection_id', 'in', connectionIds)
      .where('status', '=', 'needsMapping')
      .groupBy('connection_id')
      .execute();
    return new Map(rows.map((r) => [r.connection_id, Number(r.n)]));
  }

  async mappings(connectionId: string): Promise<SkuMappingRow[]> {
    const rows = await this.q
      .selectFrom('store_sku_mappings as m')
      .leftJoin('business_catalog_view as c', (join) => join.onRef('c.id', '=', 'm.catalog_item_id').on('c.deleted_at', 'is', null))
      .select(['m.sku', 'm.catalog_item_id', 'm.updated_at', 'c.name'])
      .where('m.connection_id', '=', connectionId)
      .orderBy('m.sku')
      .execute();
    return rows.map((r) => ({ sku: r.sku, catalogItemId: r.catalog_item_id, catalogItemName: r.name ?? null, updatedAt: asDate(r.updated_at) }));
  }

  async mappingCount(connectionId: string): Promise<number> {
    const row = await this.q
      .selectFrom('store_sku_mappings')
      .select(sql<string>`count(*)`.as('n'))
      .where('connection_id', '=', connectionId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async setMapping(connectionId: string, sku: string, catalogItemId: string | null, at: Date): Promise<void> {
    if (catalogItemId === null) {
      await this.q.deleteFrom('store_sku_mappings').where('connection_id', '=', connectionId).where('sku', '=', sku).execute();
      return;
    }
    await this.q
      .insertInto('store_sku_mappings')
      .values({ connection_id: connectionId, sku, catalog_item_id: catalogItemId, updated_at: at })
      .onConflict((oc) => oc.columns(['connection_id', 'sku']).doUpdateSet({ catalog_item_id: catalogItemId, updated_at: at }))
      .execute();
  }

  async mappingsFor(connectionId: string, skus: string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(skus)].filter(Boolean);
    if (wanted.length === 0) return new Map();
    const rows = await this.q
      .selectFrom('store_sku_mappings')
      .select(['sku', 'catalog_item_id'])
      .where('connection_id', '=', connectionId)
      .where('sku', 'in', wanted)
      .execute();
    return new Map(rows.map((r) => [r.sku, r.catalog_item_id]));
  }

  private lineValues(row: Omit<StoreLineRow, 'status' | 'orderId'>, status: StoreLineRow['status'], orderId: string | null) {
    return {
      id: row.id,
      connection_id: row.connectionId,
      line_key: row.lineKey,
      status,
      sku: row.sku,
      line: JSON.stringify(row.line),
      order_id: orderId,
      delivery_id: row.deliveryId,
      received_at: row.receivedAt,
    };
  }

  async keepWaiting(row: Omit<StoreLineRow, 'status' | 'orderId'>): Promise<boolean> {
    const inserted = await this.q
      .insertInto('store_order_lines')
      .values(this.lineValues(row, 'needsMapping', null))
      .onConflict((oc) => oc.columns(['connection_id', 'line_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async claimOrdered(trx: RecordTransaction, row: Omit<StoreLineRow, 'status'> & { orderId: string }): Promise<void> {
    try {
      // A savepoint is not needed: the whole transaction (the order's events included) is given up on a repeat.
      await trx
        .withSchema(SCHEMA)
        .insertInto('store_order_lines')
        .values(this.lineValues(row, 'ordered', row.orderId))
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new LineAlreadyReceived(row.lineKey);
      throw error;
    }
  }

  async waiting(connectionId: string, limit: number): Promise<{ rows: StoreLineRow[]; total: number }> {
    const base = this.q.selectFrom('store_order_lines').where('connection_id', '=', connectionId).where('status', '=', 'needsMapping');
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('received_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
      base.select(sql<string>`count(*)`.as('n')).executeTakeFirst(),
    ]);
    return { rows: rows.map(lineOf), total: Number(count?.n ?? 0) };
  }

  async line(connectionId: string, id: string): Promise<StoreLineRow | null> {
    const row = await this.q.selectFrom('store_order_lines').selectAll().where('connection_id', '=', connectionId).where('id', '=', id).executeTakeFirst();
    return row ? lineOf(row) : null;
  }

  async markOrdered(trx: RecordTransaction, id: string, orderId: string): Promise<void> {
    const updated = await trx
      .withSchema(SCHEMA)
      .updateTable('store_order_lines')
      .set({ status: 'ordered', order_id: orderId })
      .where('id', '=', id)
      .where('status', '=', 'needsMapping')
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw new LineNoLongerWaiting();
  }
}
