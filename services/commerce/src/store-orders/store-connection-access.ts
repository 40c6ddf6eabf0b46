import { STORE_MESSAGES, StoreConnection, storeHookPath, StoreOrderEntry } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import type { BusinessAccess } from '../team-access/ports/business-access.port';
import type { StoreConnectionRow, StoreConnections, StoreLineRow } from './ports/store-connections.port';

/**
 * A live connection the user may read or change (ADR 0060, as business records, ADR 0029): outsiders 404,
 * a team's viewer 403 on a change.
 */
export async function connectionFor(
  connections: StoreConnections,
  access: BusinessAccess,
  userId: string,
  id: string,
  right: 'read' | 'change',
): Promise<StoreConnectionRow> {
  const row = /^[0-9a-f]{24}$/.test(id) ? await connections.get(id) : null;
  if (!row) throw new DomainError('not-found', STORE_MESSAGES.connectionNotFound);
  if (right === 'change') await access.assertCanChange(userId, row, STORE_MESSAGES.connectionNotFound);
  else await access.assertCanRead(userId, row, STORE_MESSAGES.connectionNotFound);
  return row;
}

/** A connection as the contract reads it: never its secret. */
export function presentConnection(row: StoreConnectionRow, needsMapping: number): StoreConnection {
  return {
    id: row.id,
    platform: row.platform,
    name: row.name,
    shopUrl: row.shopUrl,
    ownerId: row.ownerId,
    teamId: row.teamId,
    projectId: row.projectId,
    createdAt: row.createdAt.toISOString(),
    endpointPath: storeHookPath(row.id),
    needsMapping,
  };
}

/** A kept line as the contract reads it. */
export function presentEntry(row: StoreLineRow): StoreOrderEntry {
  const { line } = row;
  return {
    id: row.id,
    connectionId: row.connectionId,
    status: row.status,
    sku: row.sku,
    title: line.line.title,
    quantity: line.line.quantity,
    unitPrice: Number(line.line.unitPrice),
    currency: line.currency,
    customer: line.customer,
    storeOrderNumber: line.storeOrderNumber,
    originLink: line.originLink,
    receivedAt: row.receivedAt.toISOString(),
    orderId: row.orderId,
  };
}
