import {
  CatalogItemAddedV1,
  CatalogItemRemovedV1,
  CatalogItemRestoredV1,
  CatalogItemUpdatedV1,
  MaterialCreatedV1,
  MaterialDeletedV1,
  MaterialRestoredV1,
  MaterialUpdatedV1,
  OrderAcceptedV1,
  OrderCompletedV1,
  OrderCreatedV1,
  OrderCustomerChangedV1,
  OrderDeclinedV1,
  OrderUpdatedV1,
  PushMessage,
  QuoteAcceptedV1,
  QuoteCreatedV1,
  QuoteCustomerChangedV1,
  QuoteDeclinedV1,
  QuoteRevisedV1,
  QuoteRevokedV1,
  QuoteSentV1,
  QuoteUpdatedV1,
  ServiceCreatedV1,
  ServiceDeletedV1,
  ServiceRestoredV1,
  ServiceUpdatedV1,
} from '@kiln/contracts';
import { z } from 'zod';
import { emit, PushPlan, Step } from './push-plan';
import { teamRooms, userRoom } from './rooms';

/** Every business event (catalog items, materials, services, orders, quotes), one schema by its type. */
export const BusinessEvent = z.discriminatedUnion('type', [
  CatalogItemAddedV1,
  CatalogItemUpdatedV1,
  CatalogItemRemovedV1,
  CatalogItemRestoredV1,
  MaterialCreatedV1,
  MaterialUpdatedV1,
  MaterialDeletedV1,
  MaterialRestoredV1,
  ServiceCreatedV1,
  ServiceUpdatedV1,
  ServiceDeletedV1,
  ServiceRestoredV1,
  OrderCreatedV1,
  OrderAcceptedV1,
  OrderDeclinedV1,
  OrderCompletedV1,
  OrderCustomerChangedV1,
  OrderUpdatedV1,
  QuoteCreatedV1,
  QuoteSentV1,
  QuoteRevisedV1,
  QuoteRevokedV1,
  QuoteAcceptedV1,
  QuoteDeclinedV1,
  QuoteCustomerChangedV1,
  QuoteUpdatedV1,
]);
export type BusinessEvent = z.infer<typeof BusinessEvent>;

type Verb = PushMessage<unknown>['verb'];

/**
 * Each event's verb and the key its record's versions are compared under (catalog items say added/removed).
 * An undone removal comes back to every list as if it was new, past its own tombstone (`revives`).
 */
const ROUTES: Record<BusinessEvent['type'], { verb: Verb; key: string; revives?: true }> = {
  'commerce.catalog-item.added.v1': { verb: 'create', key: 'catalog-item' },
  'commerce.catalog-item.updated.v1': { verb: 'update', key: 'catalog-item' },
  'commerce.catalog-item.removed.v1': { verb: 'delete', key: 'catalog-item' },
  'commerce.catalog-item.restored.v1': { verb: 'create', key: 'catalog-item', revives: true },
  'commerce.material.created.v1': { verb: 'create', key: 'material' },
  'commerce.material.updated.v1': { verb: 'update', key: 'material' },
  'commerce.material.deleted.v1': { verb: 'delete', key: 'material' },
  'commerce.material.restored.v1': { verb: 'create', key: 'material', revives: true },
  'commerce.service.created.v1': { verb: 'create', key: 'service' },
  'commerce.service.updated.v1': { verb: 'update', key: 'service' },
  'commerce.service.deleted.v1': { verb: 'delete', key: 'service' },
  'commerce.service.restored.v1': { verb: 'create', key: 'service', revives: true },
  // Orders and quotes (ADR 0057): never deleted; every change an update of the seller's lists.
  'commerce.order.created.v1': { verb: 'create', key: 'order' },
  'commerce.order.accepted.v1': { verb: 'update', key: 'order' },
  'commerce.order.declined.v1': { verb: 'update', key: 'order' },
  'commerce.order.completed.v1': { verb: 'update', key: 'order' },
  'commerce.order.customer-changed.v1': { verb: 'update', key: 'order' },
  'commerce.order.updated.v1': { verb: 'update', key: 'order' },
  'commerce.quote.created.v1': { verb: 'create', key: 'quote' },
  'commerce.quote.sent.v1': { verb: 'update', key: 'quote' },
  'commerce.quote.revised.v1': { verb: 'update', key: 'quote' },
  'commerce.quote.revoked.v1': { verb: 'update', key: 'quote' },
  'commerce.quote.accepted.v1': { verb: 'update', key: 'quote' },
  'commerce.quote.declined.v1': { verb: 'update', key: 'quote' },
  'commerce.quote.customer-changed.v1': { verb: 'update', key: 'quote' },
  'commerce.quote.updated.v1': { verb: 'update', key: 'quote' },
};

export const isBusinessEvent = (event: { type: string }): event is BusinessEvent => Object.hasOwn(ROUTES, event.type);

/**
 * `business-catalog`, `business-material`, `business-service`, `business-order`, `business-quote` (ADR 0029, 0057): a personal record goes to its
 * owner's user room only; a team record to every role room of its team (every member may read it; the
 * data is the same for all roles, so one emit). Nobody else hears of it. The record's stream version
 * orders its pushes, and its deletion is a tombstone.
 */
export function businessPlan(event: BusinessEvent): PushPlan {
  const { verb, key, revives } = ROUTES[event.type];
  const { record } = event.data;
  const to = record.teamId ? teamRooms(record.teamId) : [userRoom(record.ownerId)];
  return {
    order: { eventId: event.eventId, key: `${key}:${record.id}`, version: record.version, deleted: verb === 'delete', revives: !!revives },
    steps: [step(event, to, verb)],
  };
}

/** One emit on the event's channel, its record typed by the channel. */
function step(event: BusinessEvent, to: string[], verb: Verb): Step {
  switch (event.type) {
    case 'commerce.catalog-item.added.v1':
    case 'commerce.catalog-item.updated.v1':
    case 'commerce.catalog-item.removed.v1':
    case 'commerce.catalog-item.restored.v1':
      return emit('business-catalog', to, { verb, data: event.data.record });
    case 'commerce.material.created.v1':
    case 'commerce.material.updated.v1':
    case 'commerce.material.deleted.v1':
    case 'commerce.material.restored.v1':
      return emit('business-material', to, { verb, data: event.data.record });
    case 'commerce.service.created.v1':
    case 'commerce.service.updated.v1':
    case 'commerce.service.deleted.v1':
    case 'commerce.service.restored.v1':
      return emit('business-service', to, { verb, data: event.data.record });
    case 'commerce.order.created.v1':
    case 'commerce.order.accepted.v1':
    case 'commerce.order.declined.v1':
    case 'commerce.order.completed.v1':
    case 'commerce.order.customer-changed.v1':
    case 'commerce.order.updated.v1':
      return emit('business-order', to, { verb, data: event.data.record });
    case 'commerce.quote.created.v1':
    case 'commerce.quote.sent.v1':
    case 'commerce.quote.revised.v1':
    case 'commerce.quote.revoked.v1':
    case 'commerce.quote.accepted.v1':
    case 'commerce.quote.declined.v1':
    case 'commerce.quote.customer-changed.v1':
    case 'commerce.quote.updated.v1':
      return emit('business-quote', to, { verb, data: event.data.record });
  }
}
