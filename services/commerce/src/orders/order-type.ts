import { Order, Quote } from '@kiln/contracts';
import {
  fromCents,
  OrderFields,
  orderEventOf,
  orderRules,
  presentBillOfMaterials,
  presentBillOfServices,
  QuoteFields,
  quoteEventOf,
  quoteMarginCents,
  quoteRules,
  quoteUnitCents,
  RecordState,
} from '@kiln/domain';
import { BusinessRecordType, presentMeta } from '../business-records/record-type';

/** What an order and a quote show alike (money back to dollars). */
function presentDeal(state: RecordState<OrderFields | QuoteFields>) {
  const f = state.fields;
  return {
    ...presentMeta(state),
    name: f.customer.fullName,
    customer: f.customer,
    catalogItemId: f.catalogItemId,
    catalogItem: f.catalogItem,
    quantity: f.quantity,
    deliveryDays: f.deliveryDays,
    expirationDays: f.expirationDays,
    note: f.note,
    origin: f.origin,
    originLink: f.originLink,
    billOfMaterials: presentBillOfMaterials(f.billOfMaterials),
    billOfServices: presentBillOfServices(f.billOfServices),
    missing: f.missing,
  };
}

/** A quote's stored fields as JSON (history and events): money in dollars under the contract's names. */
function presentQuoteFields(fields: Partial<QuoteFields>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'billOfMaterials') out.billOfMaterials = value ? presentBillOfMaterials(value as QuoteFields['billOfMaterials']) : null;
    else if (key === 'billOfServices') out.billOfServices = value ? presentBillOfServices(value as QuoteFields['billOfServices']) : null;
    else if (key === 'overrideCents') out.totalPrice = value === null || value === undefined ? null : fromCents(value as number);
    else if (key === 'calculatedCents') out.calculatedPrice = value === null || value === undefined ? null : fromCents(value as number);
    else if (key === 'recipeMarginCents') out.marginAmount = value === null || value === undefined ? null : fromCents(value as number);
    else if (key === 'revisions') out.revisions = Array.isArray(value) ? (value as QuoteFields['revisions']).map(presentRevision) : value;
    else out[key] = value;
  }
  return out;
}

function presentRevision(r: QuoteFields['revisions'][number]): Quote['revisions'][number] {
  return {
    number: r.number,
    hash: r.hash,
    sentAt: r.sentAt,
    quantity: r.quantity,
    totalPrice: fromCents(r.totalCents),
    priceOverridden: r.priceOverridden,
    marginAmount: fromCents(r.marginCents),
    deliveryDays: r.deliveryDays,
    expirationDays: r.expirationDays,
    expiresAt: r.expiresAt,
    billOfMaterials: presentBillOfMaterials(r.billOfMaterials),
    billOfServices: presentBillOfServices(r.billOfServices),
    missing: r.missing,
  };
}

const QUOTE_EVENTS = ['sent', 'revised', 'revoked', 'accepted', 'declined', 'customer-changed', 'updated'].map((e) => `commerce.quote.${e}.v1`);
const ORDER_EVENTS = ['accepted', 'declined', 'completed', 'customer-changed', 'updated'].map((e) => `commerce.order.${e}.v1`);

/**
 * Quotes as business records (ADR 0057 on ADR 0029): every change an `updated` fact whose integration event
 * says what happened (`commerce.quote.sent.v1`, …); never deleted (`deleted`/`restored` map to `updated` for
 * the generic kinds). `business_quote_view` with `status` and `customer_email`.
 */
export const quoteType: BusinessRecordType<QuoteFields, QuoteFields, never, Quote> = {
  rules: quoteRules,
  events: {
    created: 'commerce.quote.created.v1',
    updated: 'commerce.quote.updated.v1',
    deleted: 'commerce.quote.updated.v1',
    restored: 'commerce.quote.updated.v1',
  },
  updatedEvents: { of: (changes) => `commerce.quote.${quoteEventOf(changes)}.v1`, types: QUOTE_EVENTS },
  view: 'business_quote_view',
  presentFields: presentQuoteFields,
  present: (state) => {
    const f = state.fields;
    return {
      ...presentDeal(state),
      status: f.status,
      totalPrice: fromCents(quoteUnitCents(f)),
      marginAmount: fromCents(quoteMarginCents(f)),
      priceOverridden: f.overrideCents !== null,
      revisions: f.revisions.map(presentRevision),
      orderId: f.orderId,
    };
  },
  viewColumns: (q) => ({ status: q.status, customer_email: q.customer.email }),
  priceCents: (q) => Math.round(q.totalPrice * 100),
};

/** Orders as business records (ADR 0057): `commerce.order.accepted|declined|completed|customer-changed.v1`. */
export const orderType: BusinessRecordType<OrderFields, OrderFields, never, Order> = {
  rules: orderRules,
  events: {
    created: 'commerce.order.created.v1',
    updated: 'commerce.order.updated.v1',
    deleted: 'commerce.order.updated.v1',
    restored: 'commerce.order.updated.v1',
  },
  updatedEvents: { of: (changes) => `commerce.order.${orderEventOf(changes)}.v1`, types: ORDER_EVENTS },
  view: 'business_order_view',
  presentFields: (fields) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (key === 'billOfMaterials') out.billOfMaterials = value ? presentBillOfMaterials(value as OrderFields['billOfMaterials']) : null;
      else if (key === 'billOfServices') out.billOfServices = value ? presentBillOfServices(value as OrderFields['billOfServices']) : null;
      else if (key === 'totalCents') out.totalPrice = value === null || value === undefined ? null : fromCents(value as number);
      else if (key === 'marginCents') out.marginAmount = value === null || value === undefined ? null : fromCents(value as number);
      else out[key] = value;
    }
    return out;
  },
  present: (state) => {
    const f = state.fields;
    return {
      ...presentDeal(state),
      status: f.status,
      totalPrice: fromCents(f.totalCents),
      marginAmount: fromCents(f.marginCents),
      quoteId: f.quoteId,
      revision: f.revision,
      acceptedAt: f.acceptedAt,
    };
  },
  viewColumns: (o) => ({ status: o.status, customer_email: o.customer.email }),
  priceCents: (o) => Math.round(o.totalPrice * 100),
};
