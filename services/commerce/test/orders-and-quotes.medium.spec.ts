import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateMaterialInput, ErrorBody, ORDER_MESSAGES, OrderRpc, Quote } from '@kiln/contracts';
import { QUOTE_LINK_RATE_LIMIT } from '@kiln/domain';
import { nsSubject, rebuildProjection, requestPacket } from '@kiln/service-kit';
import { sql } from 'kysely';
import { z } from 'zod';
import { aModel, anUnknownId, aUser, SignedUp } from '../../workspace/test/support/builders';
import { eventually } from '../../workspace/test/support/test-env';
import { ProjectOrderReports } from '../src/orders/projections/project-order-reports';
import { ProjectOrdersOnOrderEvents } from '../src/orders/projections/project-orders-on-order-events';
import { ProjectQuotesOnQuoteEvents } from '../src/orders/projections/project-quotes-on-quote-events';
import { ATeam, aTeamWithRoles, BusinessClient, businessClient } from './business-records.support';
import { CommerceTestEnv, startCommerce } from './support/commerce-env';

/**
 * Quotes and orders over NATS (spec 002 §2–§7; ADR 0057), with the real workspace and the real event path:
 * a quote priced from a 3-line recipe (a gone material reported) → sent (revision 1 frozen under its hash,
 * the e-mail written with the link) → revised (revision 2, revision 1 unchanged) → accepted by the customer on
 * the link (the order made from revision 2) → accepted → completed; a decline with its reason; illegal
 * transitions 409 with nothing written; a revoked or expired quote not accepted; a race of accept and decline
 * on one order (exactly one wins); strangers 404, team viewers 403; the reports projection and its rebuild.
 */
type Rpc = typeof OrderRpc;
type Req<K extends keyof Rpc> = z.input<Rpc[K]['request']>;
type Rep<K extends keyof Rpc> = z.output<Rpc[K]['reply']>;

const mailDir = mkdtempSync(join(tmpdir(), 'kiln-mail-'));
process.env.KILN_MAIL_DIR = mailDir;
process.env.KILN_PUBLIC_URL = 'https://kiln.example';

const plywood: CreateMaterialInput = {
  name: 'Plywood 18',
  internalName: 'PLY-18',
  materialClass: 'sheet',
  params: { width: { value: 1220, unit: 'mm' }, length: { value: 2440, unit: 'mm' }, thickness: { value: 18, unit: 'mm' } },
  price: { strategy: 'per-area', unit: 'm2', price: 25 },
  quantityInStock: { value: 10, unit: 'each' },
  scrapPercentage: 10,
  appearance: [{ mode: 'color', textureId: null, color: { hex: '#A0522D', metallicity: 0, roughness: 0.8, opacity: 1 }, materialIndexDirection: ['all'] }],
};
const rod: CreateMaterialInput = {
  ...plywood,
  name: 'Steel rod',
  internalName: 'ROD-8',
  materialClass: 'round-bar',
  params: { diameter: { value: 8, unit: 'mm' }, length: { value: 3000, unit: 'mm' } },
  price: { strategy: 'per-length', unit: 'm', price: 3.99 },
  scrapPercentage: 0,
};

describe('commerce service: quotes and orders (over NATS)', () => {
  let env: CommerceTestEnv;
  let biz: BusinessClient;
  let owner: SignedUp;
  let stranger: SignedUp;
  let customerUser: SignedUp;
  let team: ATeam;
  let itemId: string;
  let teamItemId: string;
  let goneMaterialId: string;
  const clock = require('@kiln/service-kit').systemClock as { now: () => Date };
  const realNow = clock.now;

  async function packet(name: keyof Rpc, data: unknown): Promise<{ response?: unknown; err?: unknown }> {
    return requestPacket(env.workspace.nc, nsSubject(OrderRpc[name].subject), data, { timeout: 30_000 });
  }
  async function call<K extends keyof Rpc>(name: K, data: Req<K>): Promise<Rep<K>> {
    const answer = await packet(name, data);
    if (answer.err !== undefined && answer.err !== null) throw new Error(`${name} failed: ${JSON.stringify(answer.err)}`);
    return OrderRpc[name].reply.parse(answer.response) as Rep<K>;
  }
  async function fail(name: keyof Rpc, data: unknown): Promise<ErrorBody> {
    const answer = await packet(name, data);
    if (answer.err === undefined || answer.err === null) throw new Error(`expected ${name} to fail, it answered ${JSON.stringify(answer.response)}`);
    return ErrorBody.parse(answer.err);
  }
  const anon = { userId: '' };
  const integrationEvents = async (id: string) =>
    (
      await env.db
        .withSchema('commerce')
        .selectFrom('outbox')
        .select(['type', 'payload', 'position'])
        .where(sql`payload->>'aggregateId'`, '=', id)
        .orderBy('position')
        .execute()
    ).map((r) => r.type);
  /** The link of the newest e-mail to this quote (the token is only in the e-mail). */
  const linkOf = (quoteId: string) => {
    const files = readdirSync(mailDir)
      .filter((f) => f.includes(quoteId))
      .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]) || a.localeCompare(b));
    const text = readFileSync(join(mailDir, files[files.length - 1]), 'utf8');
    const match = /https:\/\/kiln\.example\/quote\/([A-Za-z0-9_-]{43})/.exec(text);
    if (!match) throw new Error(`no link in ${text}`);
    return { token: match[1], text, files };
  };
  const customer = { fullName: 'Ada Buyer', email: 'ada.buyer@example.com', phoneNumber: '+374 10-555 123' };

  /** A quote of the owner's shelf, sent, and accepted by its customer: the pending order. */
  async function pendingOrder(who: SignedUp = owner, scope: { teamId?: string } = {}, item = itemId) {
    const quote = await call('createQuote', { actor: who.actor, body: { catalogItemId: item, customer, quantity: 2, ...scope } });
    await call('updateQuote', { actor: who.actor, body: { id: quote.id, changes: { status: 'quotationSent', expirationDays: 7, deliveryDays: 3 } } });
    const accepted = await call('publicAccept', { actor: anon, body: { token: linkOf(quote.id).token } });
    expect(accepted.state).toBe('accepted');
    const after = await call('getQuote', { actor: who.actor, body: { id: quote.id } });
    return eventually(() => call('getOrder', { actor: who.actor, body: { id: after.orderId! } }));
  }

  beforeAll(async () => {
    env = await startCommerce();
    biz = businessClient(env);
    owner = await aUser(env.workspace.rpc, { fullName: 'Sam Seller' });
    stranger = await aUser(env.workspace.rpc);
    customerUser = await aUser(env.workspace.rpc, { fullName: 'Regina Registered' });
    team = await aTeamWithRoles(env);
    const model = await aModel(env.workspace.rpc, owner, { name: 'Shelf' });
    const item = await biz.call('addCatalogItem', { actor: owner.actor, body: { modelId: model.id, name: 'Shelf', price: 40 } });
    const [m1, m2, gone] = [
      await biz.call('createMaterial', { actor: owner.actor, body: plywood }),
      await biz.call('createMaterial', { actor: owner.actor, body: rod }),
      await biz.call('createMaterial', { actor: owner.actor, body: { ...rod, name: 'Brass rod', internalName: 'BR-8' } }),
    ];
    const laser = await biz.call('createService', {
      actor: owner.actor,
      body: {
        name: 'Laser cutting',
        serviceClass: 'length-based-service',
        tags: [],
        generalPrice: { value: 1.5, unit: 'm' },
        prices: [{ id: 'fast', label: 'Fast', price: { value: 2.25, unit: 'm' }, material: [m1.id] }],
      },
    });
    await biz.call('updateCatalogItem', {
      actor: owner.actor,
      body: {
        id: item.id,
        changes: {
          recipe: {
            materials: [
              { materialId: m1.id, params: { width: { value: 600, unit: 'mm' }, length: { value: 400, unit: 'mm' }, thickness: { value: 18, unit: 'mm' } } },
              { materialId: m2.id, quantity: { value: 150, unit: 'cm' } },
              { materialId: gone.id, quantity: { value: 1, unit: 'm' } },
            ],
            services: [{ serviceId: laser.id, quantity: { value: 2000, unit: 'mm' }, priceOptionId: 'fast' }],
            marginPercent: 20,
          },
        },
      },
    });
    await biz.call('deleteMaterial', { actor: owner.actor, body: { id: gone.id } });
    itemId = item.id;
    const teamModel = await aModel(env.workspace.rpc, team.editor, { name: 'Bench' });
    teamItemId = (
      await biz.call('addCatalogItem', { actor: team.editor.actor, body: { modelId: teamModel.id, name: 'Bench', price: 90, teamId: team.teamId } })
    ).id;
    goneMaterialId = gone.id;
  }, 120_000);
  afterEach(() => {
    clock.now = realNow;
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('create → priced from the recipe (a gone material reported) → send (hash, e-mail) → revise → the customer accepts → accept → complete', async () => {
    const quote = await call('createQuote', { actor: owner.actor, body: { catalogItemId: itemId, customer, quantity: 3 } });
    // One unit: plywood 0.24 m² × $25 × 1.1 = $6.60, rod 1.5 m × $3.99 = $5.99, laser 2 m × $2.25 = $4.50; margin 20 % → $20.51.
    expect(quote).toMatchObject({
      status: 'quotationNeeded',
      totalPrice: 20.51,
      marginAmount: 10.26,
      quantity: 3,
      priceOverridden: false,
      revisions: [],
      customer: { fullName: 'Ada Buyer', email: 'ada.buyer@example.com', phoneNumber: '+374 10-555 123', registeredUser: false },
      catalogItem: { id: itemId, name: 'Shelf' },
      origin: 'product',
    });
    expect(quote.billOfMaterials.total).toBe(37.77);
    expect(quote.billOfServices.total).toBe(13.5);
    expect(quote.billOfMaterials.groups.map((g) => [g.materialClass, g.total])).toEqual([
      ['sheet', 19.8],
      ['round-bar', 17.97],
    ]);
    expect(quote.missing).toEqual([{ line: 'materials.2', kind: 'material', id: goneMaterialId, message: ORDER_MESSAGES.materialGone }]);

    const sent = await call('updateQuote', {
      actor: owner.actor,
      body: { id: quote.id, changes: { status: 'quotationSent', expirationDays: 7, deliveryDays: 14 } },
    });
    expect(sent.status).toBe('quotationSent');
    expect(sent.revisions).toHaveLength(1);
    const first = sent.revisions[0];
    expect(first).toMatchObject({ number: 1, totalPrice: 20.51, deliveryDays: 14, expirationDays: 7 });
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    const mail1 = linkOf(quote.id);
    expect(mail1.text).toContain('To: ada.buyer@example.com');
    // The seller sees the link once, in the answer of the send.
    expect(sent.customerLink).toBe(`https://kiln.example/quote/${mail1.token}`);
    // Only the token's hash is stored.
    const stored = await env.db.withSchema('commerce').selectFrom('business_quote_links').selectAll().where('quote_id', '=', quote.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(mail1.token);

    const revised = await call('updateQuote', { actor: owner.actor, body: { id: quote.id, changes: { totalPrice: 25 } } });
    // The same terms again freeze nothing, and give no link.
    const same = await call('updateQuote', { actor: owner.actor, body: { id: quote.id, changes: { totalPrice: 25 } } });
    expect(same.revisions).toHaveLength(2);
    expect(same.customerLink).toBeUndefined();
    expect(revised.revisions.map((r) => r.number)).toEqual([1, 2]);
    expect(revised.revisions[0]).toEqual(first);
    expect(revised.revisions[1]).toMatchObject({ totalPrice: 25, priceOverridden: true });
    expect(revised.revisions[1].hash).not.toBe(first.hash);
    const { token } = linkOf(quote.id);
    expect(token).not.toBe(mail1.token);
    // ?version=N shows the quote as it was when sent.
    expect((await call('getQuote', { actor: owner.actor, body: { id: quote.id, version: 2 } })).revisions).toEqual([first]);

    const page = await call('publicQuote', { actor: anon, body: { token } });
    expect(page).toMatchObject({ state: 'open', message: null, customer: { fullName: 'Ada Buyer' }, revision: { number: 2, totalPrice: 25 } });
    expect(await fail('publicQuote', { actor: anon, body: { token: 'x'.repeat(43) } })).toMatchObject({ statusCode: 404, message: ORDER_MESSAGES.linkInvalid });

    const answered = await call('publicAccept', { actor: anon, body: { token: mail1.token } });
    expect(answered).toMatchObject({ state: 'accepted', message: ORDER_MESSAGES.quoteAccepted, revision: { number: 2 } });
    const accepted = await call('getQuote', { actor: owner.actor, body: { id: quote.id } });
    expect(accepted.status).toBe('accepted');
    const orders = await eventually(async () => {
      const list = await call('listOrders', { actor: owner.actor, body: {} });
      expect(list.data.map((o) => o.id)).toContain(accepted.orderId);
      return list;
    });
    const order = orders.data.find((o) => o.id === accepted.orderId)!;
    expect(order).toMatchObject({
      status: 'pending',
      totalPrice: 25,
      quantity: 3,
      quoteId: quote.id,
      revision: { number: 2, hash: revised.revisions[1].hash },
      customer: { fullName: 'Ada Buyer' },
      ownerId: owner.user.id,
      teamId: null,
    });
    expect(order.billOfMaterials).toEqual(revised.revisions[1].billOfMaterials);
    // Answering twice is refused with the page's sentence.
    expect(await fail('publicDecline', { actor: anon, body: { token } })).toMatchObject({ statusCode: 409, message: ORDER_MESSAGES.quoteAccepted });

    const acceptedOrder = await call('updateOrder', { actor: owner.actor, body: { id: order.id, changes: { status: 'accepted' } } });
    expect(acceptedOrder).toMatchObject({ status: 'accepted', version: 2 });
    expect(acceptedOrder.acceptedAt).not.toBeNull();
    const completed = await call('updateOrder', { actor: owner.actor, body: { id: order.id, changes: { status: 'completed' } } });
    expect(completed).toMatchObject({ status: 'completed', version: 3 });

    expect(await integrationEvents(quote.id)).toEqual([
      'commerce.quote.created.v1',
      'commerce.quote.sent.v1',
      'commerce.quote.revised.v1',
      'commerce.quote.accepted.v1',
    ]);
    expect(await integrationEvents(order.id)).toEqual(['commerce.order.created.v1', 'commerce.order.accepted.v1', 'commerce.order.completed.v1']);
    const history = await call('orderHistory', { actor: owner.actor, body: { id: order.id } });
    expect(history.data.map((h) => [h.version, h.by.fullName])).toEqual([
      [1, 'The customer'],
      [2, 'Sam Seller'],
      [3, 'Sam Seller'],
    ]);
  });

  it('the create rules answer with the spec sentences; a registered customer gets their own name, locked', async () => {
    const bad = (body: unknown) => fail('createQuote', { actor: owner.actor, body });
    expect(await bad({ catalogItemId: '', customer: { fullName: 'A', email: 'a@b.co' }, quantity: 1 })).toMatchObject({
      statusCode: 400,
      message: ORDER_MESSAGES.catalogItemRequired,
    });
    expect(await bad({ catalogItemId: itemId, customer: { fullName: ' ', email: 'a@b.co' }, quantity: 1 })).toMatchObject({
      message: ORDER_MESSAGES.fullNameRequired,
    });
    expect(await bad({ catalogItemId: itemId, customer: { fullName: 'A', email: 'nope' }, quantity: 1 })).toMatchObject({
      message: ORDER_MESSAGES.invalidEmail,
    });
    expect(await bad({ catalogItemId: itemId, customer: { fullName: 'A', email: 'a@b.co', phoneNumber: '12--3' }, quantity: 1 })).toMatchObject({
      message: ORDER_MESSAGES.phone,
    });
    expect(await bad({ catalogItemId: itemId, customer: { fullName: 'A', email: 'a@b.co' }, quantity: 0 })).toMatchObject({
      message: ORDER_MESSAGES.quantityMin,
    });
    expect(await bad({ catalogItemId: anUnknownId(), customer: { fullName: 'A', email: 'a@b.co' }, quantity: 1 })).toMatchObject({
      message: ORDER_MESSAGES.catalogItemGone,
    });

    expect(await call('userByEmail', { actor: owner.actor, body: { email: customerUser.user.email.toUpperCase() } })).toEqual({
      fullName: 'Regina Registered',
    });
    expect(await fail('userByEmail', { actor: owner.actor, body: { email: 'nobody-here@example.com' } })).toMatchObject({ statusCode: 404 });
    const quote = await call('createQuote', {
      actor: owner.actor,
      body: { catalogItemId: itemId, customer: { fullName: 'typed name', email: customerUser.user.email }, quantity: 1 },
    });
    expect(quote.customer).toMatchObject({ fullName: 'Regina Registered', registeredUser: true });
  });

  it('illegal transitions answer 409 with a sentence and change nothing; a decline needs its reason', async () => {
    const quote = await call('createQuote', { actor: owner.actor, body: { catalogItemId: itemId, customer, quantity: 1 } });
    expect(
      await fail('updateQuote', { actor: owner.actor, body: { id: quote.id, changes: { status: 'quotationSent', expirationDays: 0, deliveryDays: 3 } } }),
    ).toMatchObject({
      statusCode: 400,
      message: ORDER_MESSAGES.greaterThanZero,
    });
    await call('updateQuote', { actor: owner.actor, body: { id: quote.id, changes: { status: 'quotationSent', expirationDays: 7, deliveryDays: 3 } } });
    const sendAgain = await fail('updateQuote', {
      actor: owner.actor,
      body: { id: quote.id, changes: { status: 'quotationSent', expirationDays: 7, deliveryDays: 3 } },
    });
    expect(sendAgain).toMatchObject({ statusCode: 409, message: ORDER_MESSAGES.illegal('Send quotation', 'Quotation sent') });
    expect(await fail('updateQuote', { actor: owner.actor, body: { id: quote.id, changes: { customer } } })).toMatchObject({
      statusCode: 409,
      message: ORDER_MESSAGES.customerLockedQuote,
    });
    expect((await call('getQuote', { actor: owner.actor, body: { id: quote.id } })).version).toBe(2);

    const order = await pendingOrder();
    expect(await fail('updateOrder', { actor: owner.actor, body: { id: order.id, changes: { status: 'completed' } } })).toMatchObject({
      statusCode: 409,
      message: ORDER_MESSAGES.illegal('Mark as complete', 'Pending'),
    });
    expect(await fail('updateOrder', { actor: owner.actor, body: { id: order.id, changes: { status: 'declined' } } })).toMatchObject({
      statusCode: 400,
      message: ORDER_MESSAGES.reasonRequired,
    });
    const edited = await call('updateOrder', { actor: owner.actor, body: { id: order.id, changes: { customer: { ...customer, fullName: 'Ada B. Buyer' } } } });
    expect(edited.customer.fullName).toBe('Ada B. Buyer');
    const declined = await call('updateOrder', { actor: owner.actor, body: { id: order.id, changes: { status: 'declined', note: 'Stock Unavailability' } } });
    expect(declined).toMatchObject({ status: 'declined', note: 'Stock Unavailability' });
    expect(await fail('updateOrder', { actor: owner.actor, body: { id: order.id, changes: { status: 'accepted' } } })).toMatchObject({ statusCode: 409 });
    expect(await fail('updateOrder', { actor: owner.actor, body: { id: order.id, changes: { customer } } })).toMatchObject({
      statusCode: 409,
      message: ORDER_MESSAGES.customerLockedOrder,
    });
    expect((await call('getOrder', { actor: owner.actor, body: { id: order.id } })).version).toBe(3);
    expect(await integrationEvents(order.id)).toEqual(['commerce.order.created.v1', 'commerce.order.customer-changed.v1', 'commerce.order.declined.v1']);
    const cancelled = await call('listOrders', { actor: owner.actor, body: { where: { status: 'declined' } } });
    expect(cancelled.data.map((o) => o.id)).toContain(order.id);
    expect(cancelled.data.every((o) => o.status === 'declined')).toBe(true);
  });

  it('a revoked or expired quotation cannot be accepted: the page says why', async () => {
    const quote = await call('createQuote', { actor: owner.actor, body: { catalogItemId: itemId, customer, quantity: 1 } });
    expect(await fail('updateQuote', { actor: owner.actor, body: { id: quote.id, changes: { status: 'revoked' } } })).toMatchObject({
      statusCode: 400,
      message: ORDER_MESSAGES.reasonRequired,
    });
    await call('updateQuote', { actor: owner.actor, body: { id: quote.id, changes: { status: 'quotationSent', expirationDays: 1, deliveryDays: 1 } } });
    const { token } = linkOf(quote.id);
    const revoked = await call('updateQuote', { actor: owner.actor, body: { id: quote.id, changes: { status: 'revoked', note: 'Incorrect Quotation' } } });
    expect(revoked).toMatchObject({ status: 'revoked', note: 'Incorrect Quotation' });
    expect(await call('publicQuote', { actor: anon, body: { token } })).toMatchObject({ state: 'revoked', message: ORDER_MESSAGES.quoteRevoked });
    expect(await fail('publicAccept', { actor: anon, body: { token } })).toMatchObject({ statusCode: 409, message: ORDER_MESSAGES.quoteRevoked });
    expect(await fail('updateQuote', { actor: owner.actor, body: { id: quote.id, changes: { status: 'revoked', note: 'Again' } } })).toMatchObject({
      statusCode: 409,
    });

    const other = await call('createQuote', { actor: owner.actor, body: { catalogItemId: itemId, customer, quantity: 1 } });
    await call('updateQuote', { actor: owner.actor, body: { id: other.id, changes: { status: 'quotationSent', expirationDays: 1, deliveryDays: 1 } } });
    const link = linkOf(other.id).token;
    const now = realNow();
    clock.now = () => new Date(now.getTime() + 2 * 86_400_000);
    expect(await call('publicQuote', { actor: anon, body: { token: link } })).toMatchObject({ state: 'expired', message: ORDER_MESSAGES.quoteExpired });
    expect(await fail('publicAccept', { actor: anon, body: { token: link } })).toMatchObject({ statusCode: 409, message: ORDER_MESSAGES.quoteExpired });
    clock.now = realNow;
    expect((await call('getQuote', { actor: owner.actor, body: { id: other.id } })).status).toBe('quotationSent');
  });

  it("the customer's answers are limited per link: past the limit 429, another customer's link still answers", async () => {
    const links: string[] = [];
    for (let i = 0; i < 2; i++) {
      const quote = await call('createQuote', { actor: owner.actor, body: { catalogItemId: itemId, customer, quantity: 1 } });
      await call('updateQuote', { actor: owner.actor, body: { id: quote.id, changes: { status: 'quotationSent', expirationDays: 1, deliveryDays: 1 } } });
      await call('updateQuote', { actor: owner.actor, body: { id: quote.id, changes: { status: 'revoked', note: 'Other' } } });
      links.push(linkOf(quote.id).token);
    }
    const answers = await Promise.all(
      Array.from({ length: QUOTE_LINK_RATE_LIMIT.max + 1 }, () => fail('publicAccept', { actor: anon, body: { token: links[0] } })),
    );
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(QUOTE_LINK_RATE_LIMIT.max);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(1);
    expect(await fail('publicDecline', { actor: anon, body: { token: links[1] } })).toMatchObject({ statusCode: 409, message: ORDER_MESSAGES.quoteRevoked });
  });

  it('two people deciding at once on one order: exactly one wins', async () => {
    // Both decide on the pending order they see (the web app sends its version as If-Match). Without it, a request
    // that arrives once the other has committed decides on the accepted order, which a decline may cancel (§4).
    for (let round = 0; round < 3; round++) {
      const order = await pendingOrder(team.editor, { teamId: team.teamId }, teamItemId);
      const results = await Promise.allSettled([
        call('updateOrder', { actor: team.owner.actor, body: { id: order.id, ifMatch: order.version, changes: { status: 'accepted' } } }),
        call('updateOrder', {
          actor: team.editor.actor,
          body: { id: order.id, ifMatch: order.version, changes: { status: 'declined', note: 'Insufficient Capacity' } },
        }),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(String(lost.reason)).toMatch(/"statusCode":412/);
      const final = await call('getOrder', { actor: team.viewer.actor, body: { id: order.id } });
      expect(final.version).toBe(2);
      expect(final.status).toBe((won[0] as PromiseFulfilledResult<Rep<'updateOrder'>>).value.status);
    }
  });

  it('who may do what: team members read, owners and editors change, viewers 403, strangers 404', async () => {
    const order = await pendingOrder(team.editor, { teamId: team.teamId }, teamItemId);
    expect(await fail('getOrder', { actor: stranger.actor, body: { id: order.id } })).toMatchObject({ statusCode: 404 });
    expect(await fail('updateOrder', { actor: stranger.actor, body: { id: order.id, changes: { status: 'accepted' } } })).toMatchObject({ statusCode: 404 });
    expect(await fail('updateOrder', { actor: team.viewer.actor, body: { id: order.id, changes: { status: 'accepted' } } })).toMatchObject({ statusCode: 403 });
    expect(await call('getOrder', { actor: team.viewer.actor, body: { id: order.id } })).toMatchObject({ id: order.id, status: 'pending' });
    expect((await call('listOrders', { actor: team.viewer.actor, body: { where: { teamId: team.teamId } } })).data.map((o) => o.id)).toContain(order.id);
    expect(await fail('listOrders', { actor: stranger.actor, body: { where: { teamId: team.teamId } } })).toMatchObject({ statusCode: 404 });
    expect(
      await fail('createQuote', { actor: team.viewer.actor, body: { catalogItemId: teamItemId, customer, quantity: 1, teamId: team.teamId } }),
    ).toMatchObject({
      statusCode: 403,
    });
    // The owner's personal quotes are nobody else's.
    const mine = await call('listQuotes', { actor: owner.actor, body: {} });
    expect(mine.total).toBeGreaterThan(0);
    expect(await fail('getQuote', { actor: stranger.actor, body: { id: mine.data[0].id } })).toMatchObject({ statusCode: 404 });
    expect((await call('listQuotes', { actor: stranger.actor, body: {} })).total).toBe(0);
  });

  it('lists: 10 a page with the total, search on the customer name or e-mail', async () => {
    const person = await aUser(env.workspace.rpc);
    const model = await aModel(env.workspace.rpc, person);
    const item = await biz.call('addCatalogItem', { actor: person.actor, body: { modelId: model.id, name: 'Stool' } });
    for (let i = 0; i < 12; i++)
      await call('createQuote', {
        actor: person.actor,
        body: { catalogItemId: item.id, customer: { fullName: i === 3 ? 'Zora Unique' : `Buyer ${i}`, email: `buyer${i}@shop.example` }, quantity: 1 },
      });
    const first = await call('listQuotes', { actor: person.actor, body: {} });
    expect(first.data).toHaveLength(10);
    expect(first.total).toBe(12);
    const second = await call('listQuotes', { actor: person.actor, body: { skip: 10 } });
    expect(second.data).toHaveLength(2);
    expect(second.total).toBe(12);
    // Past the end no row carries the total: it is read alone.
    expect(await call('listQuotes', { actor: person.actor, body: { skip: 20 } })).toEqual({ data: [], total: 12 });
    const found = await call('listQuotes', {
      actor: person.actor,
      body: { where: { OR: [{ 'customer.fullName': { contains: 'zora' } }, { 'customer.email': { contains: 'zora' } }] } },
    });
    expect(found.data.map((q: Quote) => q.customer.fullName)).toEqual(['Zora Unique']);
    expect(found.total).toBe(1);
    const byEmail = await call('listQuotes', { actor: person.actor, body: { where: { OR: [{ 'customer.email': { contains: 'BUYER1' } }] } } });
    expect(byEmail.total).toBe(3);
    expect((await call('listQuotes', { actor: person.actor, body: { where: { status: 'quotationSent' } } })).total).toBe(0);
  });

  it('reports: new (pending) orders, monthly and yearly revenue, the 12 months of the chart, from the projection, equal to its rebuild', async () => {
    const seller = await aUser(env.workspace.rpc);
    const model = await aModel(env.workspace.rpc, seller);
    const item = await biz.call('addCatalogItem', { actor: seller.actor, body: { modelId: model.id, name: 'Lamp' } });
    const material = await biz.call('createMaterial', { actor: seller.actor, body: { ...rod, price: { strategy: 'per-length', unit: 'm', price: 10 } } });
    await biz.call('updateCatalogItem', {
      actor: seller.actor,
      body: {
        id: item.id,
        changes: { recipe: { materials: [{ materialId: material.id, quantity: { value: 1, unit: 'm' } }], services: [], marginPercent: 0 } },
      },
    });
    expect(await call('orderReports', { actor: seller.actor, body: {} })).toMatchObject({ new: 0, monthly: 0, yearly: 0 });
    const a = await pendingOrder(seller, {}, item.id);
    const b = await pendingOrder(seller, {}, item.id);
    await pendingOrder(seller, {}, item.id);
    await eventually(async () => expect(await call('orderReports', { actor: seller.actor, body: {} })).toMatchObject({ new: 3, monthly: 0, yearly: 0 }));
    await call('updateOrder', { actor: seller.actor, body: { id: a.id, changes: { status: 'accepted' } } });
    await call('updateOrder', { actor: seller.actor, body: { id: b.id, changes: { status: 'accepted' } } });
    await call('updateOrder', { actor: seller.actor, body: { id: b.id, changes: { status: 'completed' } } });
    // 2 units × $10 each order.
    await eventually(async () => expect(await call('orderReports', { actor: seller.actor, body: {} })).toMatchObject({ new: 1, monthly: 40, yearly: 40 }));
    await call('updateOrder', { actor: seller.actor, body: { id: a.id, changes: { status: 'declined', note: 'Price or Cost Changes' } } });
    await eventually(async () => expect(await call('orderReports', { actor: seller.actor, body: {} })).toMatchObject({ new: 1, monthly: 20, yearly: 20 }));
    // The chart (ADR 0058): 12 months, oldest first, this one last with the order still earning.
    const { months } = await call('orderReports', { actor: seller.actor, body: {} });
    const now = new Date();
    expect(months).toHaveLength(12);
    expect(months[11]).toEqual({ month: now.toISOString().slice(0, 7), orders: 1, revenue: 20 });
    expect(months.slice(0, 11).every((m) => m.orders === 0 && m.revenue === 0)).toBe(true);
    // A stranger asking for a team's reports learns nothing.
    expect(await fail('orderReports', { actor: stranger.actor, body: { where: { teamId: team.teamId } } })).toMatchObject({ statusCode: 404 });

    const rows = async () => ({
      pending: await env.db.withSchema('commerce').selectFrom('business_order_pending').selectAll().where('pending', '<>', 0).orderBy('scope').execute(),
      revenue: await env.db
        .withSchema('commerce')
        .selectFrom('business_order_revenue')
        .select(['scope', 'cents', 'orders', (eb) => eb.fn<string>('to_char', [eb.ref('month'), eb.val('YYYY-MM')]).as('month')])
        .where('cents', '<>', 0)
        .orderBy('scope')
        .orderBy('month')
        .execute(),
    });
    const live = await rows();
    await rebuildProjection(env.db, 'commerce', ProjectOrderReports);
    expect(await rows()).toEqual(live);
  });

  it('the quote and order views and their timelines rebuilt from the events equal the live ones', async () => {
    const snapshot = async () => ({
      quotes: await env.db.withSchema('commerce').selectFrom('business_quote_view').selectAll().orderBy('id').execute(),
      orders: await env.db.withSchema('commerce').selectFrom('business_order_view').selectAll().orderBy('id').execute(),
      history: await env.db
        .withSchema('commerce')
        .selectFrom('business_record_history')
        .selectAll()
        .where((eb) => eb.or([eb('type', 'like', 'quote.%'), eb('type', 'like', 'order.%')]))
        .orderBy('record_id')
        .orderBy('version')
        .execute(),
      counts: await env.db
        .withSchema('commerce')
        .selectFrom('business_record_counts')
        .selectAll()
        .where('view', 'in', ['business_quote_view', 'business_order_view'])
        .where('live', '<>', 0)
        .orderBy('view')
        .orderBy('scope')
        .execute(),
    });
    const live = await snapshot();
    expect(live.quotes.length).toBeGreaterThan(10);
    expect(live.orders.length).toBeGreaterThan(5);
    await rebuildProjection(env.db, 'commerce', ProjectQuotesOnQuoteEvents);
    await rebuildProjection(env.db, 'commerce', ProjectOrdersOnOrderEvents);
    expect(await snapshot()).toEqual(live);
  });
});
