import { z } from 'zod';
import { CatalogItem } from '../commerce/catalog';
import { Material } from '../commerce/material';
import { Order, Quote } from '../commerce/order';
import { HistoryEntry } from '../commerce/records';
import { Service } from '../commerce/service';
import { envelope } from './envelope';

/**
 * Business dashboard events (ADR 0029). Each record is an event stream in the commerce events table;
 * each integration event carries the fields that changed (`changes`, as the timeline shows them) and
 * the record after the change, so read models, pushes and integrations need no lookup. `aggregateId`
 * is the record's id; the record's `version` orders its events.
 */
const Changes = HistoryEntry.shape.changes;
const fact = <R extends z.ZodTypeAny>(record: R) => z.object({ changes: Changes, record });

export const CatalogItemAddedV1 = envelope('commerce.catalog-item.added.v1', fact(CatalogItem));
export const CatalogItemUpdatedV1 = envelope('commerce.catalog-item.updated.v1', fact(CatalogItem));
export const CatalogItemRemovedV1 = envelope('commerce.catalog-item.removed.v1', fact(CatalogItem));
export const CatalogItemRestoredV1 = envelope('commerce.catalog-item.restored.v1', fact(CatalogItem));
export const MaterialCreatedV1 = envelope('commerce.material.created.v1', fact(Material));
export const MaterialUpdatedV1 = envelope('commerce.material.updated.v1', fact(Material));
export const MaterialDeletedV1 = envelope('commerce.material.deleted.v1', fact(Material));
export const MaterialRestoredV1 = envelope('commerce.material.restored.v1', fact(Material));
export const ServiceCreatedV1 = envelope('commerce.service.created.v1', fact(Service));
export const ServiceUpdatedV1 = envelope('commerce.service.updated.v1', fact(Service));
export const ServiceDeletedV1 = envelope('commerce.service.deleted.v1', fact(Service));
export const ServiceRestoredV1 = envelope('commerce.service.restored.v1', fact(Service));

// Orders and quotes (ADR 0057): a status change is its own event; `changes` says what moved.
export const OrderCreatedV1 = envelope('commerce.order.created.v1', fact(Order));
export const OrderAcceptedV1 = envelope('commerce.order.accepted.v1', fact(Order));
export const OrderDeclinedV1 = envelope('commerce.order.declined.v1', fact(Order));
export const OrderCompletedV1 = envelope('commerce.order.completed.v1', fact(Order));
export const OrderCustomerChangedV1 = envelope('commerce.order.customer-changed.v1', fact(Order));
export const OrderUpdatedV1 = envelope('commerce.order.updated.v1', fact(Order));
export const QuoteCreatedV1 = envelope('commerce.quote.created.v1', fact(Quote));
export const QuoteSentV1 = envelope('commerce.quote.sent.v1', fact(Quote));
export const QuoteRevisedV1 = envelope('commerce.quote.revised.v1', fact(Quote));
export const QuoteRevokedV1 = envelope('commerce.quote.revoked.v1', fact(Quote));
export const QuoteAcceptedV1 = envelope('commerce.quote.accepted.v1', fact(Quote));
export const QuoteDeclinedV1 = envelope('commerce.quote.declined.v1', fact(Quote));
export const QuoteCustomerChangedV1 = envelope('commerce.quote.customer-changed.v1', fact(Quote));
export const QuoteUpdatedV1 = envelope('commerce.quote.updated.v1', fact(Quote));

export const BusinessEvents = {
  'commerce.catalog-item.added.v1': CatalogItemAddedV1,
  'commerce.catalog-item.updated.v1': CatalogItemUpdatedV1,
  'commerce.catalog-item.removed.v1': CatalogItemRemovedV1,
  'commerce.catalog-item.restored.v1': CatalogItemRestoredV1,
  'commerce.material.created.v1': MaterialCreatedV1,
  'commerce.material.updated.v1': MaterialUpdatedV1,
  'commerce.material.deleted.v1': MaterialDeletedV1,
  'commerce.material.restored.v1': MaterialRestoredV1,
  'commerce.service.created.v1': ServiceCreatedV1,
  'commerce.service.updated.v1': ServiceUpdatedV1,
  'commerce.service.deleted.v1': ServiceDeletedV1,
  'commerce.service.restored.v1': ServiceRestoredV1,
  'commerce.order.created.v1': OrderCreatedV1,
  'commerce.order.accepted.v1': OrderAcceptedV1,
  'commerce.order.declined.v1': OrderDeclinedV1,
  'commerce.order.completed.v1': OrderCompletedV1,
  'commerce.order.customer-changed.v1': OrderCustomerChangedV1,
  'commerce.order.updated.v1': OrderUpdatedV1,
  'commerce.quote.created.v1': QuoteCreatedV1,
  'commerce.quote.sent.v1': QuoteSentV1,
  'commerce.quote.revised.v1': QuoteRevisedV1,
  'commerce.quote.revoked.v1': QuoteRevokedV1,
  'commerce.quote.accepted.v1': QuoteAcceptedV1,
  'commerce.quote.declined.v1': QuoteDeclinedV1,
  'commerce.quote.customer-changed.v1': QuoteCustomerChangedV1,
  'commerce.quote.updated.v1': QuoteUpdatedV1,
} as const;

export const BUSINESS_EVENT_DESCRIPTIONS: Record<keyof typeof BusinessEvents, string> = {
  'commerce.catalog-item.added.v1': 'A seller added a model to their catalog (price 0 when added by model ID or from the community).',
  'commerce.catalog-item.updated.v1':
    "A catalog item was renamed, repriced, its recipe (materials, services, margin) changed, or its model's name/preview changed in the workspace.",
  'commerce.catalog-item.removed.v1': 'A seller removed an item from their catalog.',
  'commerce.catalog-item.restored.v1': 'A seller undid the removal of a catalog item, within seconds: the same item is back, with its history.',
  'commerce.material.created.v1': "A material was added to an inventory (the four wizard steps' values).",
  'commerce.material.updated.v1': 'A material changed: properties, price or quantity in stock (inline edit), appearance. `changes` lists the fields.',
  'commerce.material.deleted.v1': 'A material was deleted from an inventory.',
  'commerce.material.restored.v1': 'The deletion of a material was undone, within seconds: the same material is back, with its history.',
  'commerce.service.created.v1': 'A seller added a service with its general price and price options.',
  'commerce.service.updated.v1': 'A service changed (the class never changes).',
  'commerce.service.deleted.v1': 'A service was deleted.',
  'commerce.service.restored.v1': 'The deletion of a service was undone, within seconds: the same service is back, with its history.',
  'commerce.order.created.v1': 'An order was made: from a quotation the customer accepted (its frozen revision; status pending), or from an outside store.',
  'commerce.order.accepted.v1': 'The seller accepted a pending order.',
  'commerce.order.declined.v1': 'The seller declined an order (pending, accepted or paid), with the reason in `note`.',
  'commerce.order.completed.v1': 'The seller marked an accepted order as complete.',
  'commerce.order.customer-changed.v1': "The seller edited a pending order's customer (name, e-mail, phone).",
  'commerce.order.updated.v1': 'Any other change of an order (none in this version; kept for the generic record kinds).',
  'commerce.quote.created.v1': "A seller created a quote for a catalog item, priced from its recipe with the day's prices (status quotationNeeded).",
  'commerce.quote.sent.v1': 'A quotation was sent: revision 1 frozen under its content hash, the customer e-mailed a link.',
  'commerce.quote.revised.v1':
    'A sent quotation was changed (total, expiry or delivery days): a new revision frozen under its hash, the customer e-mailed a new link.',
  'commerce.quote.revoked.v1': 'The seller revoked a quote, with the reason in `note`.',
  'commerce.quote.accepted.v1': 'The customer accepted the quotation on its link; `orderId` names the order it made.',
  'commerce.quote.declined.v1': 'The customer declined the quotation on its link (an optional reason in `note`).',
  'commerce.quote.customer-changed.v1': 'The seller edited the customer of a quote that still needs its quotation.',
  'commerce.quote.updated.v1': 'The seller saved the send values of a quote not sent yet (total or its Override, expiry, delivery days).',
};
