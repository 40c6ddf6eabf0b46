import { createHmac, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { STORE_HOOK_BODY_LIMIT, STORE_MESSAGES } from '@kiln/contracts';
import { Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';
import { eventually } from '../../deploy/test/support/eventually';

/**
 * Orders from outside stores through the real BFF and services (ADR 0060): each platform's signed webhook makes an
 * order with its origin badge data; a bad signature is 401 and stores nothing; a repeated delivery makes one order
 * (also when the repeats race); an unknown SKU is kept as "needs mapping" and becomes the order once mapped; a
 * stranger neither sees nor changes a connection.
 */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ ...throwawayStackOptions('storeorders'), log: () => undefined, childLog: () => undefined });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

async function http(method: string, path: string, token: string | undefined, body?: unknown) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as any) : undefined };
}

async function ok(method: string, path: string, token: string, body?: unknown) {
  const answer = await http(method, path, token, body);
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A webhook as the platform sends it: the exact bytes, its headers, no session. */
async function hook(connectionId: string, raw: string | Buffer, headers: Record<string, string>) {
  const response = await fetch(`${stack.url}/api/hooks/store/${connectionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof raw === 'string' ? raw : new Uint8Array(raw),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as any) : undefined };
}

const hmac = (secret: string, raw: string) => createHmac('sha256', secret).update(raw, 'utf8').digest('base64');

async function signUp(fullName: string): Promise<{ token: string; id: string }> {
  const email = `stores-${randomBytes(5).toString('hex')}@example.com`;
  const body = await (
    await fetch(`${stack.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse', fullName }),
    })
  ).json();
  return { token: body.token, id: body.user.id };
}

/** A catalog item of the seller's personal catalog (from a model of theirs). */
async function catalogItem(token: string, name: string): Promise<string> {
  const model = await ok('POST', '/api/workspace/model', token, { name });
  return (await ok('POST', '/api/workspace/business-catalog', token, { modelId: model.id, name, price: 10 })).id;
}

const orders = (token: string) => http('GET', '/api/workspace/business-order', token);

function shopifyOrder(id: string, sku: string) {
  return {
    id: Number(id),
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${id.slice(-4)}`,
    email: 'jane@example.com',
    currency: 'USD',
    customer: { first_name: 'Jane', last_name: 'Buyer', email: 'jane@example.com', phone: '+1 555 0100' },
    line_items: [{ id: 1, admin_graphql_api_id: `gid://shopify/LineItem/${id}1`, sku, title: 'Desk lamp', quantity: 2, price: '25.50' }],
  };
}

let seller: { token: string; id: string };
let lampId: string;
let mugId: string;

beforeAll(async () => {
  seller = await signUp('Sally Seller');
  lampId = await catalogItem(seller.token, 'Desk lamp');
  mugId = await catalogItem(seller.token, 'Mug');
}, 60_000);

describe('Shopify', () => {
  let connection: any;
  const secret = `shpss_${randomBytes(8).toString('hex')}`;

  beforeAll(async () => {
    connection = await ok('POST', '/api/workspace/business-store-connection', seller.token, {
      platform: 'shopify',
      name: 'My Shopify',
      shopUrl: 'sally.myshopify.com',
      secret,
    });
    await ok('PATCH', `/api/workspace/business-store-connection/${connection.id}/sku-mapping`, seller.token, { sku: 'LAMP-1', catalogItemId: lampId });
  });

  it('the connection: its endpoint, its secret this once, never again', async () => {
    expect(connection).toMatchObject({
      platform: 'shopify',
      shopUrl: 'https://sally.myshopify.com',
      secret,
      endpointPath: `/api/hooks/store/${connection.id}`,
    });
    const read = await ok('GET', `/api/workspace/business-store-connection/${connection.id}`, seller.token);
    expect(read.secret).toBeUndefined();
    expect(JSON.stringify(await ok('GET', '/api/workspace/business-store-connection', seller.token))).not.toContain(secret);
    // At rest the secret is sealed (AES-256-GCM under KILN_SECRETS_KEY): the database never holds it as it was given.
    const db = new Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query('SELECT secret_sealed FROM commerce.store_connections WHERE id = $1', [connection.id]);
      expect(rows[0].secret_sealed).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(rows[0].secret_sealed).not.toContain(secret);
      expect(rows[0].secret_sealed).not.toContain(Buffer.from(secret).toString('base64url'));
    } finally {
      await db.end();
    }
    expect((await ok('GET', `/api/workspace/business-store-connection/${connection.id}/sku-mapping`, seller.token)).data).toEqual([
      expect.objectContaining({ sku: 'LAMP-1', catalogItemId: lampId, catalogItemName: 'Desk lamp' }),
    ]);
  });

  it('a signed order creates a pending order with its origin badge and link; the same delivery again changes nothing', async () => {
    const raw = JSON.stringify(shopifyOrder('5123456789012', 'LAMP-1'));
    const headers = {
      'x-shopify-hmac-sha256': hmac(secret, raw),
      'x-shopify-webhook-id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
      'x-shopify-topic': 'orders/create',
    };
    const first = await hook(connection.id, raw, headers);
    expect(first).toMatchObject({ status: 200, body: { outcome: 'received', needsMapping: 0 } });
    expect(first.body.orderIds).toHaveLength(1);
    const order = await eventually(async () => {
      const answer = await http('GET', `/api/workspace/business-order/${first.body.orderIds[0]}`, seller.token);
      expect(answer.status).toBe(200);
      return answer.body;
    });
    expect(order).toMatchObject({
      status: 'pending',
      origin: 'shopify',
      originLink: 'https://sally.myshopify.com/admin/orders/5123456789012',
      catalogItemId: lampId,
      catalogItem: { name: 'Desk lamp' },
      quantity: 2,
      totalPrice: 25.5,
      customer: { fullName: 'Jane Buyer', email: 'jane@example.com', phoneNumber: '+1 555 0100', registeredUser: false },
      quoteId: null,
      note: null,
    });
    await eventually(async () => expect((await orders(seller.token)).body.total).toBe(1));

    expect(await hook(connection.id, raw, headers)).toMatchObject({ status: 200, body: { outcome: 'duplicate', orderIds: [] } });
    // Shopify's next event for the same order (another webhook id) is the same order too.
    expect(await hook(connection.id, raw, { ...headers, 'x-shopify-webhook-id': 'another', 'x-shopify-topic': 'orders/paid' })).toMatchObject({
      status: 200,
      body: { outcome: 'duplicate' },
    });
    await new Promise((r) => setTimeout(r, 300));
    expect((await orders(seller.token)).body.total).toBe(1);
  });

  it('repeats racing each other make one order', async () => {
    const raw = JSON.stringify(shopifyOrder('5123456789099', 'LAMP-1'));
    const headers = { 'x-shopify-hmac-sha256': hmac(secret, raw) };
    const answers = await Promise.all(Array.from({ length: 6 }, () => hook(connection.id, raw, headers)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.outcome === 'received')).toHaveLength(1);
    expect(answers.filter((a) => a.body.outcome === 'duplicate')).toHaveLength(5);
    await eventually(async () => expect((await orders(seller.token)).body.total).toBe(2));
  });

  it('a bad signature is 401 and nothing is stored, not even a line to map', async () => {
    const raw = JSON.stringify(shopifyOrder('5123456789100', 'UNKNOWN-SKU'));
    const refused = [
      await hook(connection.id, raw, { 'x-shopify-hmac-sha256': hmac('not the secret', raw) }),
      await hook(connection.id, raw, {}),
      await hook(connection.id, raw, { 'x-shopify-hmac-sha256': hmac(secret, `${raw} `) }),
      // Another platform's header with the right HMAC is not Shopify's.
      await hook(connection.id, raw, { 'x-wc-webhook-signature': hmac(secret, raw) }),
      // No such connection: the same answer.
      await hook('0'.repeat(24), raw, { 'x-shopify-hmac-sha256': hmac(secret, raw) }),
      await hook('not-an-id', raw, { 'x-shopify-hmac-sha256': hmac(secret, raw) }),
    ];
    for (const answer of refused) expect(answer).toEqual({ status: 401, body: { statusCode: 401, message: STORE_MESSAGES.signatureRefused } });
    expect((await ok('GET', `/api/workspace/business-store-connection/${connection.id}/needs-mapping`, seller.token)).total).toBe(0);
    expect((await orders(seller.token)).body.total).toBe(2);
  });

  it('a body past the limit is 413 before anything else; a signed body that is no order is 400', async () => {
    const big = Buffer.alloc(STORE_HOOK_BODY_LIMIT + 1, 'a');
    expect(await hook(connection.id, big, { 'x-shopify-hmac-sha256': 'x' })).toMatchObject({ status: 413 });
    // Just under the limit: the whole body reaches the service (base64 in one NATS message) and is verified.
    const padded = JSON.stringify({ ...shopifyOrder('5123456789200', 'LAMP-1'), note: 'n'.repeat(STORE_HOOK_BODY_LIMIT - 2_000) });
    expect(Buffer.byteLength(padded)).toBeLessThanOrEqual(STORE_HOOK_BODY_LIMIT);
    expect(await hook(connection.id, padded, { 'x-shopify-hmac-sha256': hmac(secret, padded) })).toMatchObject({ status: 200, body: { outcome: 'received' } });
    const notAnOrder = JSON.stringify({ id: 1, line_items: [] });
    expect(await hook(connection.id, notAnOrder, { 'x-shopify-hmac-sha256': hmac(secret, notAnOrder) })).toMatchObject({
      status: 400,
      body: { message: STORE_MESSAGES.notAnOrder },
    });
  });
});

describe('WooCommerce', () => {
  it('a secret made by Kiln; the ping answered; an unknown SKU kept as needs mapping, then mapped into an order', async () => {
    const connection = await ok('POST', '/api/workspace/business-store-connection', seller.token, {
      platform: 'woocommerce',
      name: 'Woo shop',
      shopUrl: 'https://woo.example.com/',
    });
    expect(connection.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // WooCommerce pings a new webhook, unsigned, as a form: 200, nothing stored.
    const ping = await fetch(`${stack.url}/api/hooks/store/${connection.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'webhook_id=7',
    });
    expect(ping.status).toBe(200);
    expect(await ping.json()).toMatchObject({ outcome: 'ignored' });

    const payload = {
      id: 727,
      number: '727',
      currency: 'EUR',
      status: 'processing',
      billing: { first_name: 'John', last_name: 'Doe', email: 'john.doe@example.com', phone: '555-555-5555' },
      line_items: [{ id: 315, name: 'Mug', sku: 'MUG-9', quantity: 3, price: 12.5, subtotal: '37.50', total: '37.50' }],
    };
    const raw = JSON.stringify(payload);
    const headers = { 'x-wc-webhook-signature': hmac(connection.secret, raw), 'x-wc-webhook-delivery-id': '42', 'x-wc-webhook-topic': 'order.created' };
    const received = await hook(connection.id, raw, headers);
    expect(received).toMatchObject({ status: 200, body: { outcome: 'received', orderIds: [], needsMapping: 1 } });
    expect(await hook(connection.id, raw, headers)).toMatchObject({ status: 200, body: { outcome: 'duplicate', needsMapping: 0 } });

    const waiting = await ok('GET', `/api/workspace/business-store-connection/${connection.id}/needs-mapping`, seller.token);
    expect(waiting).toMatchObject({
      total: 1,
      data: [
        {
          status: 'needsMapping',
          sku: 'MUG-9',
          title: 'Mug',
          quantity: 3,
          unitPrice: 12.5,
          currency: 'EUR',
          storeOrderNumber: '727',
          customer: { fullName: 'John Doe', email: 'john.doe@example.com' },
          originLink: 'https://woo.example.com/wp-admin/post.php?post=727&action=edit',
          orderId: null,
        },
      ],
    });
    expect((await ok('GET', `/api/workspace/business-store-connection/${connection.id}`, seller.token)).needsMapping).toBe(1);
    const entry = waiting.data[0].id;
    const early = await http('POST', `/api/workspace/business-store-connection/${connection.id}/needs-mapping/${entry}/order`, seller.token);
    expect(early).toMatchObject({ status: 409, body: { message: STORE_MESSAGES.entryNeedsMapping } });

    await ok('PATCH', `/api/workspace/business-store-connection/${connection.id}/sku-mapping`, seller.token, { sku: 'MUG-9', catalogItemId: mugId });
    const made = await http('POST', `/api/workspace/business-store-connection/${connection.id}/needs-mapping/${entry}/order`, seller.token);
    expect(made).toMatchObject({
      status: 201,
      body: {
        status: 'pending',
        origin: 'woocommerce',
        originLink: 'https://woo.example.com/wp-admin/post.php?post=727&action=edit',
        catalogItemId: mugId,
        quantity: 3,
        totalPrice: 12.5,
        note: STORE_MESSAGES.currencyKept('12.5', 'EUR'),
      },
    });
    expect((await http('GET', `/api/workspace/business-order/${made.body.id}`, seller.token)).status).toBe(200);
    const again = await http('POST', `/api/workspace/business-store-connection/${connection.id}/needs-mapping/${entry}/order`, seller.token);
    expect(again).toMatchObject({ status: 409, body: { message: STORE_MESSAGES.entryAlreadyOrdered } });
    expect((await ok('GET', `/api/workspace/business-store-connection/${connection.id}/needs-mapping`, seller.token)).total).toBe(0);
    // The store sends it once more: still the one order.
    expect(await hook(connection.id, raw, headers)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
  });
});

describe('Magento (Adobe Commerce)', () => {
  it('signed with the private key of the webhooks configuration: an order with its admin link; another key: 401', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const connection = await ok('POST', '/api/workspace/business-store-connection', seller.token, {
      platform: 'magento',
      name: 'Adobe store',
      shopUrl: 'https://magento.example.com',
      secret: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    await ok('PATCH', `/api/workspace/business-store-connection/${connection.id}/sku-mapping`, seller.token, { sku: 'MH01-XS-Black', catalogItemId: lampId });
    const raw = JSON.stringify({
      eventName: 'observer.sales_order_place_after',
      data: {
        order: {
          entity_id: 42,
          increment_id: '000000042',
          customer_email: 'roni_cost@example.com',
          customer_firstname: 'Veronica',
          customer_lastname: 'Costello',
          order_currency_code: 'USD',
          billing_address: { telephone: '555-229-3326' },
          items: [{ item_id: 7, sku: 'MH01-XS-Black', name: 'Chaz Kangeroo Hoodie', qty_ordered: 1, price: 52 }],
        },
      },
    });
    const sign = (key: typeof privateKey) => createSign('SHA256').update(Buffer.from(raw).toString('base64')).sign(key, 'base64');
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(await hook(connection.id, raw, { 'x-adobe-commerce-webhook-signature': sign(other) })).toMatchObject({ status: 401 });
    const received = await hook(connection.id, raw, { 'x-adobe-commerce-webhook-signature': sign(privateKey) });
    // Adobe Commerce reads the operation of the answer: success, the store's checkout goes on.
    expect(received).toMatchObject({ status: 200, body: { outcome: 'received', op: 'success' } });
    const order = await eventually(async () => {
      const answer = await http('GET', `/api/workspace/business-order/${received.body.orderIds[0]}`, seller.token);
      expect(answer.status).toBe(200);
      return answer.body;
    });
    expect(order).toMatchObject({
      origin: 'magento',
      originLink: 'https://magento.example.com/admin/sales/order/view/order_id/42/',
      totalPrice: 52,
      quantity: 1,
      customer: { fullName: 'Veronica Costello', email: 'roni_cost@example.com' },
    });
  });
});

describe('who may see and change a connection', () => {
  it('a stranger: 404 for every route of it; a removed connection refuses its store', async () => {
    const secret = 'strangers-never-see-this';
    const connection = await ok('POST', '/api/workspace/business-store-connection', seller.token, {
      platform: 'shopify',
      name: 'Private',
      shopUrl: 'private.myshopify.com',
      secret,
    });
    const stranger = await signUp('Stan Stranger');
    const base = `/api/workspace/business-store-connection/${connection.id}`;
    for (const [method, path, body] of [
      ['GET', base, undefined],
      ['GET', `${base}/sku-mapping`, undefined],
      ['PATCH', `${base}/sku-mapping`, { sku: 'X', catalogItemId: lampId }],
      ['GET', `${base}/needs-mapping`, undefined],
      ['POST', `${base}/needs-mapping/${'a'.repeat(24)}/order`, undefined],
      ['DELETE', base, undefined],
    ] as const) {
      expect(await http(method, path, stranger.token, body)).toMatchObject({ status: 404, body: { message: STORE_MESSAGES.connectionNotFound } });
      expect((await http(method, path, undefined, body)).status).toBe(401);
    }
    expect((await ok('GET', '/api/workspace/business-store-connection', stranger.token)).data).toEqual([]);
    // Mapping to the stranger's own catalog item from the seller's connection: unknown to the seller.
    const strangersItem = await catalogItem(stranger.token, 'Not yours');
    expect(await http('PATCH', `${base}/sku-mapping`, seller.token, { sku: 'X', catalogItemId: strangersItem })).toMatchObject({ status: 404 });

    expect(await http('DELETE', base, seller.token)).toMatchObject({ status: 200 });
    const raw = JSON.stringify(shopifyOrder('5123456789555', 'LAMP-1'));
    expect(await hook(connection.id, raw, { 'x-shopify-hmac-sha256': hmac(secret, raw) })).toMatchObject({ status: 401 });
    expect((await http('GET', base, seller.token)).status).toBe(404);
  });
});
