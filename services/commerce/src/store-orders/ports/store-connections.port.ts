import type { StoreLineRecord } from '@kiln/domain';
import type { StorePlatform } from '@kiln/contracts';
import type { RecordScope, RecordTransaction } from '../../business-records/ports/record-store.port';

/** A store connection as kept (ADR 0060): its secret only sealed. */
export interface StoreConnectionRow extends RecordScope {
  id: string;
  platform: StorePlatform;
  name: string;
  shopUrl: string;
  secretSealed: string;
  createdAt: Date;
}

export interface SkuMappingRow {
  sku: string;
  catalogItemId: string;
  /** The catalog item's name today (null: it was removed since). */
  catalogItemName: string | null;
  updatedAt: Date;
}

/** A line of a store order, as kept. */
export interface StoreLineRow {
  id: string;
  connectionId: string;
  lineKey: string;
  status: 'needsMapping' | 'ordered';
  sku: string;
  line: StoreLineRecord;
  orderId: string | null;
  deliveryId: string | null;
  receivedAt: Date;
}

/** Thrown inside a transaction when the line was received before (its unique key taken): the transaction rolls back. */
export class LineAlreadyReceived extends Error {
  constructor(readonly lineKey: string) {
    super(`store order line ${lineKey} was received before`);
  }
}

/** Thrown inside a transaction when a kept line was turned into an order meanwhile. */
export class LineNoLongerWaiting extends Error {
  constructor() {
    super('the store order line is no longer waiting for a mapping');
  }
}

/** Store connections, their SKU mappings and the lines of the orders they received (commerce's own tables). */
export interface StoreConnections {
  insert(row: StoreConnectionRow): Promise<void>;
  /** A live connection (not removed), or null. */
  get(id: string): Promise<StoreConnectionRow | null>;
  /** The live connections of a list scope, newest first. */
  list(
    scope: { kind: 'personal'; ownerId: string } | { kind: 'team'; teamId: string; projectId?: string | null },
    limit: number,
  ): Promise<StoreConnectionRow[]>;
  remove(id: string, at: Date): Promise<void>;
  /** Lines waiting for a mapping, per connection. */
  waitingCounts(connectionIds: string[]): Promise<Map<string, number>>;

  mappings(connectionId: string): Promise<SkuMappingRow[]>;
  mappingCount(connectionId: string): Promise<number>;
  /** Maps a SKU (upsert) or forgets it (null). */
  setMapping(connectionId: string, sku: string, catalogItemId: string | null, at: Date): Promise<void>;
  /** The catalog item each of these SKUs maps to (absent: none). */
  mappingsFor(connectionId: string, skus: string[]): Promise<Map<string, string>>;

  /** Keeps a line waiting for a mapping; false when it was received before (nothing changed). */
  keepWaiting(row: Omit<StoreLineRow, 'status' | 'orderId'>): Promise<boolean>;
  /** In the order's transaction: records the line as ordered; throws LineAlreadyReceived when its key is taken. */
  claimOrdered(trx: RecordTransaction, row: Omit<StoreLineRow, 'status'> & { orderId: string }): Promise<void>;
  /** Lines of a connection waiting for a mapping, newest first, and how many there are. */
  waiting(connectionId: string, limit: number): Promise<{ rows: StoreLineRow[]; total: number }>;
  line(connectionId: string, id: string): Promise<StoreLineRow | null>;
  /** In the order's transaction: a waiting line becomes ordered; throws LineNoLongerWaiting when it was not waiting. */
  markOrdered(trx: RecordTransaction, id: string, orderId: string): Promise<void>;
}

export const STORE_CONNECTIONS = Symbol('StoreConnections');
