import { CatalogItem } from '@kiln/contracts';
import { CatalogCreateInput, CatalogFields, catalogRules, CatalogUpdateInput, fromCents, toCents } from '@kiln/domain';
import { BusinessRecordType, presentMeta } from '../business-records/record-type';

/**
 * Catalog items as business records (ADR 0027, ADR 0029): the domain's `catalogRules`, the
 * `commerce.catalog-item.added/updated/removed.v1` events, and `business_catalog_view` (with `model_id`,
 * which the workspace's model events are matched on).
 */
export const catalogItemType: BusinessRecordType<CatalogFields, CatalogCreateInput, CatalogUpdateInput, CatalogItem> = {
  rules: catalogRules,
  events: {
    created: 'commerce.catalog-item.added.v1',
    updated: 'commerce.catalog-item.updated.v1',
    deleted: 'commerce.catalog-item.removed.v1',
    restored: 'commerce.catalog-item.restored.v1',
  },
  view: 'business_catalog_view',
  // The timeline and the events speak the API: `price` in dollars, not the domain's `priceCents`.
  presentFields: ({ priceCents, ...rest }) => (priceCents === undefined ? rest : { ...rest, price: priceCents === null ? null : fromCents(priceCents) }),
  present: (state) => ({
    ...presentMeta(state),
    name: state.fields.name,
    modelId: state.fields.modelId,
    model: state.fields.model,
    price: fromCents(state.fields.priceCents),
    recipe: state.fields.recipe,
  }),
  viewColumns: (record) => ({ model_id: record.modelId }),
  priceCents: (record) => toCents(record.price),
};
