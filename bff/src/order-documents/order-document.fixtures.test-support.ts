import type { Order, Quote, QuoteRevision } from '@kiln/contracts';

/** An order and a quote as the detail routes answer them (the layout's and the renderer's tests). */
const id = (n: number) => n.toString(16).padStart(24, '0');

export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: id(0xa1),
    ownerId: id(1),
    teamId: null,
    projectId: null,
    createdAt: '2026-11-06T09:05:00.000Z',
    updatedAt: '2026-11-07T10:00:00.000Z',
    version: 2,
    name: 'Zoë Ångström',
    customer: { fullName: 'Zoë Ångström', email: 'zoe@example.com', phoneNumber: '+1 555-0100', avatar: null, registeredUser: false },
    catalogItemId: id(0xc1),
    catalogItem: {
      id: id(0xc1),
      name: 'Garden bench',
      modelId: id(0xd1),
      model: { id: id(0xd1), name: 'Bench', preview: null, author: { id: id(1), fullName: 'Ada' }, exists: true },
    },
    quantity: 3,
    totalPrice: 412.5,
    marginAmount: 123.75,
    deliveryDays: 7,
    expirationDays: 14,
    note: null,
    origin: 'product',
    originLink: null,
    billOfMaterials: {
      total: 930.3,
      groups: [
        {
          materialClass: 'sheet',
          total: 900.3,
          materials: [
            {
              material: {
                id: id(0xe1),
                name: 'Oak board 18 mm',
                internalName: 'OAK-18',
                materialClass: 'sheet',
                partNumber: 'PN-77',
                manufacturer: 'Timber & Co',
                params: { width: { value: 1200, unit: 'mm' }, length: { value: 2400, unit: 'mm' }, thickness: { value: 18, unit: 'mm' } },
                price: { strategy: 'per-area', unit: 'm2', price: 45.5 },
                scrapPercentage: 10,
              },
              quantity: { value: 19.787, unit: 'm2' },
              price: 900.3,
              remainders: [{ id: 'r1', width: 300, height: 1200, price: 16.38 }],
            },
          ],
        },
        {
          materialClass: 'weight',
          total: 30,
          materials: [
            {
              material: {
                id: id(0xe2),
                name: 'Wood glue',
                internalName: 'GLUE',
                materialClass: 'weight',
                partNumber: null,
                manufacturer: null,
                params: {},
                price: { strategy: 'per-weight', unit: 'kg', price: 12 },
                scrapPercentage: 0,
              },
              quantity: { value: 2.5, unit: 'kg' },
              price: 30,
              remainders: [],
            },
          ],
        },
      ],
      createdDetails: [{ name: 'Garden bench', quantity: 3 }],
    },
    billOfServices: {
      total: 183.45,
      groups: [
        {
          serviceClass: 'time-based-service',
          total: 183.45,
          services: [
            {
              name: 'CNC cutting',
              service: { id: id(0xf1), name: 'CNC cutting', serviceClass: 'time-based-service' },
              quantity: 2.5,
              unitLabel: 'h',
              servicePrice: 73.38,
              price: 183.45,
            },
          ],
        },
      ],
      providedServices: [{ name: 'CNC cutting', quantity: 2.5, unitLabel: 'h' }],
    },
    missing: [],
    status: 'accepted',
    quoteId: id(0xb1),
    revision: { number: 1, hash: 'a'.repeat(64) },
    acceptedAt: '2026-11-07T10:00:00.000Z',
    ...overrides,
  };
}

export function aQuote(overrides: Partial<Quote> = {}): Quote {
  const { quoteId: _q, revision: _r, acceptedAt: _a, status: _s, ...deal } = anOrder({ id: id(0xb1) });
  const revision: QuoteRevision = {
    number: 1,
    hash: 'b'.repeat(64),
    sentAt: '2026-11-06T12:00:00.000Z',
    quantity: 2,
    totalPrice: 400,
    priceOverridden: true,
    marginAmount: 100,
    deliveryDays: 3,
    expirationDays: 7,
    expiresAt: '2026-11-13T12:00:00.000Z',
    billOfMaterials: { total: 0, groups: [], createdDetails: [] },
    billOfServices: { total: 0, groups: [], providedServices: [] },
    missing: [],
  };
  return { ...deal, status: 'quotationSent', priceOverridden: false, revisions: [revision], orderId: null, ...overrides };
}
