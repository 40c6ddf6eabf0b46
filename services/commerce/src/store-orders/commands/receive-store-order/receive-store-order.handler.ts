import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { STORE_HOOK_HEADERS, STORE_MESSAGES, StoreHookAnswer } from '@kiln/contracts';
import {
  decideCreate,
  DomainError,
  isWooCommercePing,
  orderFromStoreLine,
  readStoreOrder,
  storeLineKey,
  storeLineRecord,
  storeSignatureValid,
} from '@kiln/domain';
import { CLOCK, Clock, newId } from '@kiln/service-kit';
import { RECORD_STORE, RecordStore } from '../../../business-records/ports/record-store.port';
import { orderType } from '../../../orders/order-type';
import { mappableCatalogItem } from '../../mappable-catalog-item';
import { SECRET_BOX, SecretBox } from '../../ports/secret-box.port';
import { LineAlreadyReceived, STORE_CONNECTIONS, StoreConnections } from '../../ports/store-connections.port';
import { STORE_CRYPTO, StoreCrypto } from '../../ports/store-crypto.port';
import { ReceiveStoreOrderCommand } from './receive-store-order.command';

/**
 * An outside store's order webhook (ADR 0060). Nothing is read or stored before the platform's signature over the
 * raw body checks out with the connection's secret: an unknown or removed connection and a bad signature answer
 * the same 401. Then each line of the order, under its unique key (the store's order id and line id):
 * - its SKU maps to a live catalog item of the connection's workspace: an order is created (pending, the store's
 *   customer and price, origin and admin link) in one transaction with the line's key;
 * - otherwise the line is kept as "needs mapping", never dropped.
 * A line received before (a repeated delivery, a later event of the same order, two deliveries racing) changes
 * nothing: its key is taken, and the order written beside it is rolled back.
 */
@CommandHandler(ReceiveStoreOrderCommand)
export class ReceiveStoreOrderHandler implements ICommandHandler<ReceiveStoreOrderCommand, StoreHookAnswer> {
  constructor(
    @Inject(STORE_CONNECTIONS) private readonly connections: StoreConnections,
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
    @Inject(STORE_CRYPTO) private readonly crypto: StoreCrypto,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ connectionId, headers, raw }: ReceiveStoreOrderCommand): Promise<StoreHookAnswer> {
    const refused = () => new DomainError('unauthenticated', STORE_MESSAGES.signatureRefused);
    const connection = /^[0-9a-f]{24}$/.test(connectionId) ? await this.connections.get(connectionId) : null;
    if (!connection) throw refused();
    const input = { raw, headers };
    if (isWooCommercePing(connection.platform, input)) return { outcome: 'ignored', orderIds: [], needsMapping: 0 };
    const secret = this.secrets.open(connection.secretSealed);
    if (!secret || !storeSignatureValid(connection.platform, input, secret, this.crypto)) throw refused();

    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
    } catch {
      throw new DomainError('invalid', STORE_MESSAGES.notAnOrder);
    }
    const order = readStoreOrder(connection.platform, body, connection.shopUrl);
    if (!order) throw new DomainError('invalid', STORE_MESSAGES.notAnOrder);

    const deliveryHeader = STORE_HOOK_HEADERS[connection.platform].delivery;
    const deliveryId = (deliveryHeader ? headers[deliveryHeader] : undefined)?.slice(0, 200) ?? null;
    const scope = { ownerId: connection.ownerId, teamId: connection.teamId, projectId: connection.projectId };
    const mapped = await this.connections.mappingsFor(
      connection.id,
      order.lines.map((l) => l.sku),
    );
    const at = this.clock.now();
    const orderIds: string[] = [];
    let waiting = 0;
    let repeats = 0;
    for (const line of order.lines) {
      const lineKey = storeLineKey(order, line);
      const record = storeLineRecord(order, line);
      const itemId = mapped.get(line.sku);
      const item = itemId ? await mappableCatalogItem(this.store, scope, itemId) : null;
      const row = { id: newId(at), connectionId: connection.id, lineKey, sku: line.sku, line: record, deliveryId, receivedAt: at };
      if (!item) {
        if (await this.connections.keepWaiting(row)) waiting += 1;
        else repeats += 1;
        continue;
      }
      const orderId = newId(at);
      // Nobody signed in made it: the store did (as a customer's acceptance, ADR 0057); the history names no one.
      const fact = decideCreate(orderType.rules, orderFromStoreLine(record, item), '', at).fact;
      try {
        await this.store.append(orderType, { id: orderId, current: null, scope }, [fact], { actorId: null, occurredAt: at }, (trx) =>
          this.connections.claimOrdered(trx, { ...row, orderId }),
        );
        orderIds.push(orderId);
      } catch (error) {
        if (!(error instanceof LineAlreadyReceived)) throw error;
        repeats += 1;
      }
    }
    const outcome = orderIds.length === 0 && waiting === 0 && repeats > 0 ? 'duplicate' : 'received';
    // Adobe Commerce's webhooks expect an operation in a 200 answer: `success` lets the store's process go on unchanged.
    return { outcome, orderIds, needsMapping: waiting, ...(connection.platform === 'magento' ? { op: 'success' as const } : {}) };
  }
}
