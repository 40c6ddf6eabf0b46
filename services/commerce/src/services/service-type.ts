import { Service } from '@kiln/contracts';
import { distinctMaterialCount, fromCents, priceRange, ServiceFields, ServicePriceFields, serviceRules } from '@kiln/domain';
import { BusinessRecordType, presentMeta } from '../business-records/record-type';

const dollars = (p: ServicePriceFields) => ({ value: fromCents(p.cents), unit: p.unit });

/** Stored service fields as JSON: money back to dollars (a key may be missing or null in a change). */
function presentFields(fields: Partial<ServiceFields>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  if (fields.generalPrice) out.generalPrice = dollars(fields.generalPrice);
  if (fields.prices) out.prices = fields.prices.map((o) => ({ ...o, price: dollars(o.price) }));
  return out;
}

/** Services as business records (spec 002 §2–§5; ADR 0029). */
export const serviceType: BusinessRecordType<ServiceFields, Parameters<typeof serviceRules.create>[0], Parameters<typeof serviceRules.update>[1], Service> = {
  rules: serviceRules,
  events: {
    created: 'commerce.service.created.v1',
    updated: 'commerce.service.updated.v1',
    deleted: 'commerce.service.deleted.v1',
    restored: 'commerce.service.restored.v1',
  },
  view: 'business_service_view',
  presentFields,
  present(state) {
    const f = state.fields;
    const range = priceRange(f);
    return {
      ...presentMeta(state),
      name: f.name,
      displayName: f.displayName,
      serviceClass: f.serviceClass,
      code: f.code,
      serviceProvider: f.serviceProvider,
      tags: f.tags,
      generalPrice: dollars(f.generalPrice),
      prices: f.prices.map((o) => ({ id: o.id, label: o.label, price: dollars(o.price), material: o.material })),
      materialCount: distinctMaterialCount(f),
      priceRange: { min: fromCents(range.min), max: fromCents(range.max) },
    };
  },
  tags: (s) => s.tags,
  // Sorting by price: by the general price.
  priceCents: (s) => Math.round(s.generalPrice.value * 100),
  viewColumns: (s) => ({ service_class: s.serviceClass }),
};
