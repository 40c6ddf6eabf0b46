import { QueryClient } from '@tanstack/react-query';
import { RECENT_CHANGE_MS } from '../../api/recent-changes';
import type { Order, QuoteRevision } from '@kiln/contracts';
import { applyDealPush, checkedDealPage, listHolds } from './deal-pushes';
import { dealKeys, dealListQuery, pageCount } from './orders-api';
import { revisionChanges } from './revision-diff';

// How `business-order` pushes land in the cached pages of the orders list, the list query, and a revision's changes (no React, no network).
const ME = 'a'.repeat(24);
const TEAM = 'b'.repeat(24);
let seq = 0;
const emptyBills = { billOfMaterials: { total: 0, groups: [], createdDetails: [] }, billOfServices: { total: 0, groups: [], providedServices: [] } };
function anOrder(fullName: string, overrides: Partial<Order> = {}): Order {
  seq += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString();
  return {
    id: seq.toString(16).padStart(24, '0'),
    ownerId: ME,
    teamId: null,
    projectId: null,
    createdAt: at,
    updatedAt: at,
    version: 1,
    name: fullName,
    customer: { fullName, email: `${fullName.toLowerCase()}@example.test`, phoneNumber: null, avatar: null, registeredUser: false },
    catalogItemId: ME,
    catalogItem: { id: ME, name: 'Shelf', modelId: ME, model: { id: ME, name: 'Shelf', preview: null, author: { id: ME, fullName: 'Sam' }, exists: true } },
    quantity: 1,
    totalPrice: 10,
    marginAmount: 1,
    deliveryDays: 3,
    expirationDays: 7,
    note: null,
    origin: 'product',
    originLink: null,
    ...emptyBills,
    missing: [],
    status: 'pending',
    quoteId: null,
    revision: null,
    acceptedAt: null,
    ...overrides,
  };
}

describe('orders list pages and pushes', () => {
  jest.useFakeTimers();

  it('asks for the scope, the filter’s statuses and the search, newest first, 10 a page', () => {
    expect(dealListQuery({ scope: { teamId: TEAM }, page: 2, filter: 'cancelled', search: ' ann ' })).toEqual({
      where: JSON.stringify({
        teamId: TEAM,
        status: 'declined',
        OR: [{ 'customer.fullName': { contains: 'ann' } }, { 'customer.email': { contains: 'ann' } }],
      }),
      sort: JSON.stringify({ createdAt: -1 }),
      skip: 20,
      limit: 10,
    });
    expect(dealListQuery({ scope: {}, page: 0 }).where).toBeUndefined();
    expect([0, 1, 10, 11, 25].map(pageCount)).toEqual([1, 1, 1, 2, 3]);
  });

  it('knows which lists hold a deal: scope, filter, search', () => {
    const ann = anOrder('Ann');
    expect(listHolds(ann, {})).toBe(true);
    expect(listHolds(ann, { teamId: TEAM })).toBe(false);
    expect(listHolds(ann, { filter: 'completed' })).toBe(false);
    expect(listHolds({ ...ann, status: 'declined' }, { filter: 'cancelled' })).toBe(true);
    expect(listHolds(ann, { search: 'AN' })).toBe(true);
    expect(listHolds(ann, { search: 'bob' })).toBe(false);
  });

  it('puts a new order first on page 1 of the lists it fits, replaces a newer version, takes it out of a filter it left', () => {
    const client = new QueryClient();
    const old = anOrder('Old');
    const all = dealKeys.orderList({ scope: {}, page: 0, filter: 'all' });
    const second = dealKeys.orderList({ scope: {}, page: 1, filter: 'all' });
    const completed = dealKeys.orderList({ scope: {}, page: 0, filter: 'completed' });
    client.setQueryData(all, { data: [old], total: 11 });
    client.setQueryData(second, { data: [], total: 11 });
    client.setQueryData(completed, { data: [], total: 0 });

    const fresh = anOrder('New');
    applyDealPush(client, dealKeys.orderLists(), { verb: 'create', data: fresh });
    expect(client.getQueryData(all)).toEqual({ data: [fresh, old], total: 12 });
    expect(client.getQueryData(second)).toEqual({ data: [], total: 11 });
    expect(client.getQueryData(completed)).toEqual({ data: [], total: 0 });

    const done = { ...fresh, status: 'completed' as const, version: 3 };
    applyDealPush(client, dealKeys.orderLists(), { verb: 'update', data: done });
    expect(client.getQueryData(all)).toEqual({ data: [done, old], total: 12 });
    expect(client.getQueryData(completed)).toEqual({ data: [done], total: 1 });
    // A late, older push changes nothing.
    applyDealPush(client, dealKeys.orderLists(), { verb: 'update', data: { ...fresh, version: 2, status: 'accepted' } });
    expect(client.getQueryData(completed)).toEqual({ data: [done], total: 1 });
    // Declined: it leaves the Completed list.
    applyDealPush(client, dealKeys.orderLists(), { verb: 'update', data: { ...done, status: 'declined', version: 4 } });
    expect(client.getQueryData(completed)).toEqual({ data: [], total: 0 });
  });

  it('checks a page the service answered against the pushes of the last seconds (a projection behind them)', () => {
    const client = new QueryClient();
    const now = Date.now();
    const kept = anOrder('Kept');
    const pushed = anOrder('Pushed');
    applyDealPush(client, dealKeys.orderLists(), { verb: 'create', data: pushed });
    const changed = { ...kept, status: 'completed' as const, version: 2 };
    applyDealPush(client, dealKeys.orderLists(), { verb: 'update', data: changed });
    const orders = (p: { page: number; filter: 'all' | 'completed' | 'cancelled' }) => dealKeys.orderList({ scope: {}, ...p });
    const answer = { data: [kept], total: 1 };
    // Page 1 gets the new one first and the newer copy of the other; a later page, a filter it is not in, or the quotes list do not.
    expect(checkedDealPage(client, orders({ page: 0, filter: 'all' }), answer, { page: 0, filter: 'all' }, now)).toEqual({ data: [pushed, changed], total: 2 });
    expect(checkedDealPage(client, orders({ page: 1, filter: 'all' }), { data: [], total: 11 }, { page: 1, filter: 'all' }, now)).toEqual({
      data: [],
      total: 11,
    });
    expect(checkedDealPage(client, orders({ page: 0, filter: 'cancelled' }), { data: [], total: 0 }, { page: 0, filter: 'cancelled' }, now)).toEqual({
      data: [],
      total: 0,
    });
    expect(checkedDealPage(client, dealKeys.quoteList({ scope: {}, page: 0 }), { data: [], total: 0 }, { page: 0 }, now)).toEqual({ data: [], total: 0 });
    // The answer's newer copy wins; past RECENT_CHANGE_MS the answer is trusted as it is.
    const newest = { ...changed, version: 3 };
    expect(checkedDealPage(client, orders({ page: 0, filter: 'all' }), { data: [newest], total: 1 }, { page: 0, filter: 'all' }, now).data).toEqual([
      pushed,
      newest,
    ]);
    expect(checkedDealPage(client, orders({ page: 0, filter: 'all' }), answer, { page: 0, filter: 'all' }, now + RECENT_CHANGE_MS)).toEqual(answer);
  });
});

describe('what changed between two revisions', () => {
  const revision = (over: Partial<QuoteRevision>): QuoteRevision => ({
    number: 1,
    hash: 'a'.repeat(64),
    sentAt: '2026-01-01T10:00:00.000Z',
    quantity: 2,
    totalPrice: 33,
    priceOverridden: false,
    marginAmount: 6,
    deliveryDays: 3,
    expirationDays: 7,
    expiresAt: '2026-01-08T10:00:00.000Z',
    ...emptyBills,
    missing: [],
    ...over,
  });

  it('lists each term that moved, and nothing for the same terms', () => {
    const a = revision({});
    expect(revisionChanges(a, a)).toEqual([]);
    const b = revision({ number: 2, totalPrice: 30, priceOverridden: true, deliveryDays: 14 });
    expect(revisionChanges(a, b)).toEqual([
      { label: 'Total price per unit', from: '$33.00', to: '$30.00' },
      { label: 'Price', from: 'calculated', to: 'typed (Override)' },
      { label: 'Delivery', from: '3 days', to: '14 days' },
    ]);
  });
});
