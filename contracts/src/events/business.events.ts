import { z } from 'zod';
import { CatalogItem } from '../commerce/catalog';
import { Material } from '../commerce/material';
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
};
