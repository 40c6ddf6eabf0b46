import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { ORDER_MESSAGES, ORDER_STATUSES, QUOTE_STATUSES, type OrderStatus, type QuoteStatus } from '@kiln/contracts/constants';
import { DomainError } from '../shared/domain-error';
import type { MaterialFields } from './material-rules';
import { priceRecipe, type PricingRefs } from './order-pricing';
import {
  acceptQuote,
  changeOrder,
  changeQuoteCustomer,
  customerErrors,
  customerOf,
  declineQuoteByCustomer,
  newQuote,
  ORDER_ACTIONS,
  orderFromRevision,
  QUOTE_ACTIONS,
  quoteExpired,
  reviseQuote,
  revisionContent,
  revokeQuote,
  sendQuote,
  type CustomerFields,
  type OrderAction,
  type OrderFields,
  type QuoteAction,
  type QuoteFields,
} from './order-rules';
import type { ServiceFields } from './service-rules';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const T0 = new Date('2026-11-20T10:00:00Z');
const later = (days: number) => new Date(T0.getTime() + days * 86_400_000);
const customer: CustomerFields = { fullName: 'Ada Buyer', email: 'ada@example.com', phoneNumber: null, avatar: null, registeredUser: false };
const item = {
  id: 'c'.repeat(24),
  name: 'Shelf',
  modelId: 'd'.repeat(24),
  model: { id: 'd'.repeat(24), name: 'Shelf', preview: null, author: { id: 'e'.repeat(24), fullName: 'Seller' }, exists: true },
};

const plywood: MaterialFields = {
  name: 'Plywood 18',
  internalName: 'PLY-18',
  materialClass: 'sheet',
  partNumber: null,
  manufacturer: null,
  tags: [],
  params: {},
  price: { strategy: 'per-area', unit: 'm2', cents: 2500 },
  quantityInStock: { value: 10, unit: 'each' },
  scrapPercentage: 10,
  timeToReplenish: { value: 0, unit: 'd' },
  appearance: [],
};
const steel: MaterialFields = {
  ...plywood,
  name: 'Steel rod',
  internalName: 'ROD',
  materialClass: 'round-bar',
  price: { strategy: 'per-length', unit: 'm', cents: 399 },
  scrapPercentage: 0,
};
const laser: ServiceFields = {
  name: 'Laser cutting',
  displayName: null,
  serviceClass: 'length-based-service',
  code: null,
  serviceProvider: null,
  tags: [],
  generalPrice: { cents: 150, unit: 'm' },
  prices: [{ id: 'fast', label: 'Fast', price: { cents: 225, unit: 'm' }, material: [] }],
};
const M1 = '1'.repeat(24);
const M2 = '2'.repeat(24);
const GONE = '3'.repeat(24);
const S1 = '4'.repeat(24);
const refs: PricingRefs = {
  materials: new Map([
    [M1, plywood],
    [M2, steel],
  ]),
  services: new Map([[S1, laser]]),
};
const recipe = {
  materials: [
    // A 600 × 400 mm piece: 0.24 m² × $25 × 1.1 scrap = $6.60.
    { materialId: M1, quantity: null, params: { width: { value: 600, unit: 'mm' as const }, length: { value: 400, unit: 'mm' as const } } },
    // 150 cm of rod: 1.5 m × $3.99 = $5.985 → $5.99 (half away from zero).
    { materialId: M2, quantity: { value: 150, unit: 'cm' as const }, params: null },
    { materialId: GONE, quantity: { value: 1, unit: 'kg' as const }, params: null },
  ],
  // 2 m at the Fast option ($2.25/m) = $4.50.
  services: [{ serviceId: S1, quantity: { value: 2000, unit: 'mm' as const }, priceOptionId: 'fast' }],
  marginPercent: 20,
};

function aQuote(quantity = 3): QuoteFields {
  return newQuote({ customer, catalogItem: item, quantity, pricing: priceRecipe(recipe, quantity, refs, 'Shelf') });
}
function quoteIn(status: QuoteStatus): QuoteFields {
  const q = aQuote();
  if (status === 'quotationNeeded') return q;
  const sent = sendQuote(q, { expirationDays: 7, deliveryDays: 14 }, T0, sha256);
  if (status === 'quotationSent') return sent;
  if (status === 'revoked') return revokeQuote(sent, 'Stock');
  if (status === 'accepted') return acceptQuote(sent, 'f'.repeat(24), T0);
  return declineQuoteByCustomer(sent, null, T0);
}
function orderIn(status: OrderStatus): OrderFields {
  return { ...orderFromRevision(quoteIn('quotationSent'), 'a'.repeat(24)), status };
}

describe('pricing from the recipe (ADR 0027, 0057)', () => {
  it('prices each line to the cent, groups by class, applies the margin, and reports the missing material', () => {
    const p = priceRecipe(recipe, 3, refs, 'Shelf');
    // One unit: 660 + 599 = 1259 materials, 450 services, margin 20 % of 1709 = 341.8 → 342; total 2051.
    expect(p.unitCents).toBe(2051);
    expect(p.billOfMaterials.totalCents).toBe(1259 * 3);
    expect(p.billOfServices.totalCents).toBe(450 * 3);
    expect(p.marginCents).toBe(342 * 3);
    expect(p.billOfMaterials.totalCents + p.billOfServices.totalCents + p.marginCents).toBe(p.unitCents * 3);
    expect(p.billOfMaterials.groups.map((g) => [g.materialClass, g.totalCents])).toEqual([
      ['sheet', 660 * 3],
      ['round-bar', 599 * 3],
    ]);
    expect(p.billOfMaterials.groups[0].materials[0].quantity).toEqual({ value: 0.792, unit: 'm2' });
    expect(p.billOfServices.groups[0].services[0]).toMatchObject({ quantity: 6, unitLabel: 'm', servicePriceCents: 225, cents: 1350 });
    expect(p.missing).toEqual([{ line: 'materials.2', kind: 'material', id: GONE, message: ORDER_MESSAGES.materialGone }]);
    expect(p.billOfMaterials.createdDetails).toEqual([{ name: 'Shelf', quantity: 3 }]);
  });

  it('reports a line whose unit cannot be put in the pricing unit, and a gone price option (general price used)', () => {
    const p = priceRecipe(
      {
        materials: [{ materialId: M1, quantity: { value: 2, unit: 'kg' }, params: null }],
        services: [{ serviceId: S1, quantity: { value: 1, unit: 'm' }, priceOptionId: 'gone' }],
        marginPercent: 0,
      },
      1,
      refs,
      'Shelf',
    );
    expect(p.missing.map((m) => m.message)).toEqual([ORDER_MESSAGES.lineUnpriceable, ORDER_MESSAGES.optionGone]);
    expect(p.unitCents).toBe(150);
  });
});

describe('customers (spec 002 §5)', () => {
  it.each([
    [{ fullName: '', email: 'a@b.co' }, ORDER_MESSAGES.fullNameRequired],
    [{ fullName: 'A', email: ' ' }, ORDER_MESSAGES.emailRequired],
    [{ fullName: 'A', email: 'not-an-address' }, ORDER_MESSAGES.invalidEmail],
    [{ fullName: 'A', email: 'a@b.co', phoneNumber: '12--34' }, ORDER_MESSAGES.phone],
    [{ fullName: 'A', email: 'a@b.co', phoneNumber: '1+2' }, ORDER_MESSAGES.phone],
  ])('%j → %s', (draft, message) => {
    expect(customerErrors(draft).map((e) => e.message)).toEqual([message]);
  });

  it('accepts a phone of digits with single dashes or spaces and a leading +, and locks a registered name', () => {
    expect(customerErrors({ fullName: 'A', email: 'a@b.co', phoneNumber: '+374 10-555 123' })).toEqual([]);
    expect(customerOf({ fullName: 'typed', email: 'Ada@Example.com' }, { fullName: 'Ada Lovelace', avatar: null })).toEqual({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      phoneNumber: null,
      avatar: null,
      registeredUser: true,
    });
  });
});

/** Spec 002 §4, written out by hand (not read from the machine): what each action does from each status. */
const ORDER_TABLE: Record<OrderStatus, Record<OrderAction, OrderStatus | 409>> = {
  pending: { accept: 'accepted', decline: 'declined', complete: 409, editCustomer: 'pending' },
  accepted: { accept: 409, decline: 'declined', complete: 'completed', editCustomer: 409 },
  paid: { accept: 409, decline: 'declined', complete: 409, editCustomer: 409 },
  declined: { accept: 409, decline: 409, complete: 409, editCustomer: 409 },
  completed: { accept: 409, decline: 409, complete: 409, editCustomer: 409 },
};
const QUOTE_TABLE: Record<QuoteStatus, Record<QuoteAction, QuoteStatus | 409>> = {
  quotationNeeded: {
    send: 'quotationSent',
    revise: 'quotationNeeded',
    revoke: 'revoked',
    editCustomer: 'quotationNeeded',
    customerAccept: 409,
    customerDecline: 409,
  },
  quotationSent: { send: 409, revise: 'quotationSent', revoke: 'revoked', editCustomer: 409, customerAccept: 'accepted', customerDecline: 'declined' },
  declined: { send: 409, revise: 409, revoke: 'revoked', editCustomer: 409, customerAccept: 409, customerDecline: 409 },
  revoked: { send: 409, revise: 409, revoke: 409, editCustomer: 409, customerAccept: 409, customerDecline: 409 },
  accepted: { send: 409, revise: 409, revoke: 409, editCustomer: 409, customerAccept: 409, customerDecline: 409 },
};

function doOrder(o: OrderFields, action: OrderAction, at = T0): OrderFields {
  if (action === 'decline') return changeOrder(o, { action, note: 'Stock Unavailability' }, at);
  if (action === 'editCustomer') return changeOrder(o, { action, customer: { ...customer, fullName: 'New Name' } }, at);
  return changeOrder(o, { action }, at);
}
function doQuote(q: QuoteFields, action: QuoteAction, at = T0): QuoteFields {
  switch (action) {
    case 'send':
      return sendQuote(q, { expirationDays: 7, deliveryDays: 3 }, at, sha256);
    case 'revise':
      return reviseQuote(q, { totalPrice: 99.5 }, at, sha256);
    case 'revoke':
      return revokeQuote(q, 'Incorrect Quotation');
    case 'editCustomer':
      return changeQuoteCustomer(q, { ...customer, fullName: 'New Name' });
    case 'customerAccept':
      return acceptQuote(q, 'f'.repeat(24), at);
    case 'customerDecline':
      return declineQuoteByCustomer(q, null, at);
  }
}

function expectConflict(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('conflict');
    expect((error as DomainError).message.length).toBeGreaterThan(10);
    return;
  }
  throw new Error('expected a 409');
}

describe('order state machine: every status × every action (spec 002 §4)', () => {
  const cases = ORDER_STATUSES.flatMap((status) => ORDER_ACTIONS.map((action) => [status, action, ORDER_TABLE[status][action]] as const));
  it.each(cases)('%s × %s → %s', (status, action, expected) => {
    const before = orderIn(status);
    const copy = JSON.parse(JSON.stringify(before));
    if (expected === 409) {
      expectConflict(() => doOrder(before, action));
    } else {
      expect(doOrder(before, action).status).toBe(expected);
    }
    expect(before).toEqual(copy);
  });

  it('a decline needs its reason; accepting records when', () => {
    expect(() => changeOrder(orderIn('pending'), { action: 'decline', note: '  ' }, T0)).toThrow(ORDER_MESSAGES.reasonRequired);
    expect(doOrder(orderIn('pending'), 'accept').acceptedAt).toBe(T0.toISOString());
  });
});

describe('quote state machine: every status × every action (spec 002 §4)', () => {
  const cases = QUOTE_STATUSES.flatMap((status) => QUOTE_ACTIONS.map((action) => [status, action, QUOTE_TABLE[status][action]] as const));
  it.each(cases)('%s × %s → %s', (status, action, expected) => {
    const before = quoteIn(status);
    const copy = JSON.parse(JSON.stringify(before));
    if (expected === 409) expectConflict(() => doQuote(before, action));
    else expect(doQuote(before, action).status).toBe(expected);
    expect(before).toEqual(copy);
  });

  it('an expired quotation cannot be accepted nor declined, with its own sentence', () => {
    const sent = quoteIn('quotationSent');
    expect(quoteExpired(sent, later(7))).toBe(false);
    expect(quoteExpired(sent, later(7.001))).toBe(true);
    expect(() => acceptQuote(sent, 'f'.repeat(24), later(8))).toThrow(ORDER_MESSAGES.quoteExpired);
    expect(() => acceptQuote(quoteIn('revoked'), 'f'.repeat(24), T0)).toThrow(ORDER_MESSAGES.quoteRevoked);
  });

  it('send needs both days, a price of at least 0', () => {
    expect(() => sendQuote(aQuote(), { expirationDays: 7 }, T0, sha256)).toThrow(ORDER_MESSAGES.greaterThanZero);
    expect(() => sendQuote(aQuote(), { expirationDays: 0, deliveryDays: 1 }, T0, sha256)).toThrow(ORDER_MESSAGES.greaterThanZero);
    expect(() => sendQuote(aQuote(), { totalPrice: -1, expirationDays: 1, deliveryDays: 1 }, T0, sha256)).toThrow(ORDER_MESSAGES.positivePrice);
  });
});

describe('frozen revisions (ADR 0057)', () => {
  it('keeps the hash of a sent revision after later edits; a change of terms makes a new revision, no change none', () => {
    const sent = sendQuote(aQuote(), { expirationDays: 7, deliveryDays: 14 }, T0, sha256);
    const first = sent.revisions[0];
    expect(first.hash).toBe(sha256(revisionContent(first)));
    expect(first.totalCents).toBe(2051);
    const same = reviseQuote(sent, { expirationDays: 7 }, later(1), sha256);
    expect(same.revisions).toHaveLength(1);
    const revised = reviseQuote(sent, { totalPrice: 25 }, later(1), sha256);
    const again = reviseQuote(revised, { totalPrice: null, deliveryDays: 30 }, later(2), sha256);
    expect(again.revisions.map((r) => r.number)).toEqual([1, 2, 3]);
    expect(again.revisions[0]).toEqual(first);
    expect(again.revisions[0].hash).toBe(sha256(revisionContent(again.revisions[0])));
    expect(again.revisions[1]).toMatchObject({ totalCents: 2500, priceOverridden: true, marginCents: 2500 * 3 - 1259 * 3 - 450 * 3 });
    expect(new Set(again.revisions.map((r) => r.hash)).size).toBe(3);
    // Key order does not matter (jsonb gives objects back reordered).
    const reverse = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(reverse)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .reverse()
                .map(([k, x]) => [k, reverse(x)]),
            )
          : v;
    const shuffled = reverse(first) as typeof first;
    expect(JSON.stringify(shuffled)).not.toBe(JSON.stringify(first));
    expect(sha256(revisionContent(shuffled))).toBe(first.hash);
  });

  it('an order from the accepted revision carries its frozen terms and hash', () => {
    const sent = reviseQuote(quoteIn('quotationSent'), { totalPrice: 30 }, later(1), sha256);
    const order = orderFromRevision(sent, 'a'.repeat(24));
    expect(order).toMatchObject({ status: 'pending', totalCents: 3000, quantity: 3, revision: { number: 2, hash: sent.revisions[1].hash } });
  });
});

describe('random sequences never reach an illegal state (fast-check)', () => {
  it('orders: each step is allowed by the table or refused with nothing changed; ended orders stay ended', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDER_STATUSES.filter((s) => s !== 'declined' && s !== 'completed')),
        fc.array(fc.constantFrom(...ORDER_ACTIONS), { maxLength: 12 }),
        (start, actions) => {
          let o = orderIn(start);
          for (const action of actions) {
            const expected = ORDER_TABLE[o.status][action];
            let next: OrderFields;
            try {
              next = doOrder(o, action);
            } catch (error) {
              expect(expected).toBe(409);
              expect((error as DomainError).kind).toBe('conflict');
              continue;
            }
            expect(next.status).toBe(expected);
            expect(ORDER_STATUSES).toContain(next.status);
            if (o.status === 'completed' || o.status === 'declined') throw new Error('an ended order changed');
            o = next;
          }
        },
      ),
    );
  });

  it('quotes: statuses follow the table, revisions only grow and never change, an accepted quote names its order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...QUOTE_ACTIONS), fc.integer({ min: 0, max: 10 })), { maxLength: 15 }), (steps) => {
        let q = aQuote(2);
        let day = 0;
        for (const [action, wait] of steps) {
          day += wait;
          const at = later(day);
          const before = q;
          let expected = QUOTE_TABLE[q.status][action];
          // An expired quotation refuses the customer's answers.
          if ((action === 'customerAccept' || action === 'customerDecline') && quoteExpired(q, at)) expected = 409;
          try {
            q = doQuote(q, action, at);
          } catch (error) {
            expect(expected).toBe(409);
            expect((error as DomainError).kind).toBe('conflict');
            continue;
          }
          expect(q.status).toBe(expected);
          expect(q.revisions.slice(0, before.revisions.length)).toEqual(before.revisions);
          for (const r of q.revisions) expect(r.hash).toBe(sha256(revisionContent(r)));
          if (q.status === 'quotationSent') expect(q.revisions.length).toBeGreaterThan(0);
          if (q.status === 'accepted') expect(q.orderId).not.toBeNull();
        }
      }),
    );
  });
});
