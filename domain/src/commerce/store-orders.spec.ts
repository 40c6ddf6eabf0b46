import { createHmac, createSign, generateKeyPairSync, timingSafeEqual, verify } from 'node:crypto';
import { STORE_MESSAGES, STORE_ORDER_LINES_MAX } from '@kiln/contracts/constants';
import {
  fromBase64,
  isWooCommercePing,
  normalShopUrl,
  orderFromStoreLine,
  readStoreOrder,
  storeConnectionOf,
  storeLineRecord,
  storeSignatureValid,
  StoreCrypto,
  toBase64,
} from './store-orders';

/** node:crypto as the service gives it. */
const crypto: StoreCrypto = {
  hmacSha256: (key, data) => createHmac('sha256', key).update(data).digest(),
  rsaSha256Verify: (pem, data, signature) => {
    try {
      return verify('sha256', data, pem, signature);
    } catch {
      return false;
    }
  },
  timingSafeEqual: (a, b) => timingSafeEqual(a, b),
};

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const hmac = (secret: string, body: string) => createHmac('sha256', secret).update(body, 'utf8').digest('base64');

// Sample payloads shaped as each platform documents them (trimmed to what an order needs, plus a few fields around).
const shopifyPayload = {
  id: 820982911946154500,
  admin_graphql_api_id: 'gid://shopify/Order/820982911946154508',
  email: 'Jon@Example.com',
  name: '#9999',
  order_number: 1234,
  currency: 'USD',
  phone: null,
  total_price: '398.00',
  customer: { id: 115310627314723950, email: 'john@example.com', first_name: 'John', last_name: 'Smith', phone: '+1 555 555 0100' },
  billing_address: { first_name: 'Steve', last_name: 'Shipper', name: 'Steve Shipper', phone: '555-555-0101' },
  line_items: [
    {
      id: 866550311766439000,
      admin_graphql_api_id: 'gid://shopify/LineItem/866550311766439020',
      sku: 'IPOD2008RED',
      title: 'IPod Nano - 8GB',
      quantity: 2,
      price: '199.00',
      price_set: { shop_money: { amount: '199.00', currency_code: 'USD' } },
    },
  ],
};
const wooPayload = {
  id: 727,
  number: '727',
  status: 'processing',
  currency: 'EUR',
  total: '29.35',
  billing: { first_name: 'John', last_name: 'Doe', email: 'john.doe@example.com', phone: '(555) 555-5555' },
  line_items: [
    { id: 315, name: 'Woo Single #1', product_id: 93, sku: 'WOO-1', quantity: 2, subtotal: '6.00', total: '6.00', price: 3 },
    { id: 316, name: 'Ship Your Idea', product_id: 22, sku: 'SHIP-IDEA', quantity: 1, subtotal: '12.50', total: '12.50', price: 12.5 },
  ],
};
const magentoPayload = {
  eventName: 'observer.sales_order_place_after',
  data: {
    order: {
      entity_id: 42,
      increment_id: '000000042',
      customer_email: 'roni_cost@example.com',
      customer_firstname: 'Veronica',
      customer_lastname: 'Costello',
      order_currency_code: 'USD',
      billing_address: { firstname: 'Veronica', lastname: 'Costello', telephone: '(555) 229-3326' },
      items: [
        { item_id: 7, sku: 'MH01-XS-Black', name: 'Chaz Kangeroo Hoodie', qty_ordered: 1, price: 52 },
        { item_id: 8, parent_item_id: 7, sku: 'MH01-XS-Black', name: 'Chaz Kangeroo Hoodie-XS-Black', qty_ordered: 1, price: 0 },
      ],
    },
  },
};

describe('store webhook signatures (ADR 0060)', () => {
  const body = JSON.stringify(shopifyPayload);

  it('Shopify: base64 HMAC-SHA256 of the raw body in X-Shopify-Hmac-Sha256', () => {
    const input = { raw: bytes(body), headers: { 'x-shopify-hmac-sha256': hmac('shpss_secret', body) } };
    expect(storeSignatureValid('shopify', input, 'shpss_secret', crypto)).toBe(true);
    expect(storeSignatureValid('shopify', input, 'another secret', crypto)).toBe(false);
    // One byte of the body changed (here: re-serialised with spaces) and the same header no longer matches.
    expect(storeSignatureValid('shopify', { ...input, raw: bytes(JSON.stringify(shopifyPayload, null, 1)) }, 'shpss_secret', crypto)).toBe(false);
    expect(storeSignatureValid('shopify', { raw: input.raw, headers: {} }, 'shpss_secret', crypto)).toBe(false);
    expect(storeSignatureValid('shopify', { raw: input.raw, headers: { 'x-shopify-hmac-sha256': 'not base64!' } }, 'shpss_secret', crypto)).toBe(false);
    // The hex digest (a common mistake) is not the documented form.
    const hex = createHmac('sha256', 'shpss_secret').update(body).digest('hex');
    expect(storeSignatureValid('shopify', { raw: input.raw, headers: { 'x-shopify-hmac-sha256': hex } }, 'shpss_secret', crypto)).toBe(false);
    // Another platform's header is not read.
    expect(storeSignatureValid('shopify', { raw: input.raw, headers: { 'x-wc-webhook-signature': hmac('shpss_secret', body) } }, 'shpss_secret', crypto)).toBe(
      false,
    );
  });

  it('WooCommerce: base64 HMAC-SHA256 of the raw body in X-WC-Webhook-Signature', () => {
    const woo = JSON.stringify(wooPayload);
    const input = { raw: bytes(woo), headers: { 'x-wc-webhook-signature': hmac('wc secret', woo) } };
    expect(storeSignatureValid('woocommerce', input, 'wc secret', crypto)).toBe(true);
    expect(storeSignatureValid('woocommerce', input, 'wc secreT', crypto)).toBe(false);
    expect(storeSignatureValid('woocommerce', { raw: input.raw, headers: { 'x-shopify-hmac-sha256': hmac('wc secret', woo) } }, 'wc secret', crypto)).toBe(
      false,
    );
  });

  it('WooCommerce: its unsigned ping is told apart (webhook_id=N), nothing else is', () => {
    expect(isWooCommercePing('woocommerce', { raw: bytes('webhook_id=12'), headers: {} })).toBe(true);
    expect(isWooCommercePing('shopify', { raw: bytes('webhook_id=12'), headers: {} })).toBe(false);
    expect(isWooCommercePing('woocommerce', { raw: bytes(JSON.stringify(wooPayload)), headers: {} })).toBe(false);
  });

  it('Adobe Commerce (Magento): base64 RSA-SHA256 over the base64 of the body, checked with the public key', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString().trim();
    const raw = JSON.stringify(magentoPayload);
    const signature = createSign('SHA256').update(Buffer.from(raw).toString('base64')).sign(privateKey, 'base64');
    const input = { raw: bytes(raw), headers: { 'x-adobe-commerce-webhook-signature': signature } };
    expect(storeSignatureValid('magento', input, pem, crypto)).toBe(true);
    // Signed over the raw body itself (not its base64): refused.
    const overRaw = createSign('SHA256').update(raw).sign(privateKey, 'base64');
    expect(storeSignatureValid('magento', { raw: input.raw, headers: { 'x-adobe-commerce-webhook-signature': overRaw } }, pem, crypto)).toBe(false);
    // Another key pair's public key: refused; a key that is no key: refused, not thrown.
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(storeSignatureValid('magento', input, other, crypto)).toBe(false);
    expect(storeSignatureValid('magento', input, '-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----', crypto)).toBe(false);
    expect(storeSignatureValid('magento', { raw: bytes(`${raw} `), headers: input.headers }, pem, crypto)).toBe(false);
  });

  it('base64 both ways as node does it', () => {
    for (const n of [0, 1, 2, 3, 4, 31, 32, 33, 256]) {
      const b = new Uint8Array(Array.from({ length: n }, (_, i) => (i * 37 + 11) % 256));
      expect(toBase64(b)).toBe(Buffer.from(b).toString('base64'));
      expect(Buffer.from(fromBase64(Buffer.from(b).toString('base64'))!).equals(Buffer.from(b))).toBe(true);
    }
    expect(fromBase64('a*b=')).toBeNull();
  });
});

describe('reading a store order (ADR 0060)', () => {
  it('Shopify: the exact ids from admin_graphql_api_id (the number lost its last digits), the customer, the lines, the admin link', () => {
    const order = readStoreOrder('shopify', JSON.parse(JSON.stringify(shopifyPayload)), 'https://jon.myshopify.com')!;
    expect(order).toEqual({
      platform: 'shopify',
      storeOrderId: '820982911946154508',
      storeOrderNumber: '#9999',
      customer: { fullName: 'John Smith', email: 'jon@example.com', phoneNumber: '+1 555 555 0100' },
      currency: 'USD',
      lines: [{ key: '866550311766439020', sku: 'IPOD2008RED', title: 'IPod Nano - 8GB', quantity: 2, unitPrice: '199.00', unitCents: 19900 }],
      originLink: 'https://jon.myshopify.com/admin/orders/820982911946154508',
    });
  });

  it('WooCommerce: billing as the customer, unit price per line, its currency, the edit link in wp-admin', () => {
    const order = readStoreOrder('woocommerce', wooPayload, 'https://shop.example.com/')!;
    expect(order).toMatchObject({
      storeOrderId: '727',
      storeOrderNumber: '727',
      currency: 'EUR',
      customer: { fullName: 'John Doe', email: 'john.doe@example.com', phoneNumber: '(555) 555-5555' },
      originLink: 'https://shop.example.com/wp-admin/post.php?post=727&action=edit',
    });
    expect(order.lines.map((l) => [l.key, l.sku, l.quantity, l.unitPrice, l.unitCents])).toEqual([
      ['315', 'WOO-1', 2, '3', 300],
      ['316', 'SHIP-IDEA', 1, '12.5', 1250],
    ]);
    // Without `price`, the subtotal over the quantity.
    const noPrice = { ...wooPayload, line_items: [{ ...wooPayload.line_items[0], price: undefined }] };
    expect(readStoreOrder('woocommerce', noPrice, 'https://shop.example.com')!.lines[0]).toMatchObject({ unitCents: 300, unitPrice: '3.00' });
  });

  it('Magento: the increment id, the customer, the parent lines only, the admin order view', () => {
    const order = readStoreOrder('magento', magentoPayload, 'https://magento.example.com')!;
    expect(order).toMatchObject({
      storeOrderId: '000000042',
      storeOrderNumber: '000000042',
      currency: 'USD',
      customer: { fullName: 'Veronica Costello', email: 'roni_cost@example.com', phoneNumber: '(555) 229-3326' },
      originLink: 'https://magento.example.com/admin/sales/order/view/order_id/42/',
    });
    expect(order.lines).toEqual([{ key: '7', sku: 'MH01-XS-Black', title: 'Chaz Kangeroo Hoodie', quantity: 1, unitPrice: '52', unitCents: 5200 }]);
  });

  it('what is no order is null; too many lines is refused with a sentence', () => {
    expect(readStoreOrder('shopify', { id: 1, line_items: [] }, 'https://a.example.com')).toBeNull();
    expect(readStoreOrder('shopify', [], 'https://a.example.com')).toBeNull();
    expect(readStoreOrder('woocommerce', { id: 3, line_items: [{ id: 1, sku: 'A', quantity: 0, price: 1 }] }, 'https://a.example.com')).toBeNull();
    expect(readStoreOrder('woocommerce', { id: 3, line_items: [{ id: 1, sku: 'A', quantity: 1, price: -1 }] }, 'https://a.example.com')).toBeNull();
    expect(readStoreOrder('magento', { data: { order: { items: [] } } }, 'https://a.example.com')).toBeNull();
    const many = { id: 3, line_items: Array.from({ length: STORE_ORDER_LINES_MAX + 1 }, (_, i) => ({ id: i, sku: 'A', quantity: 1, price: 1 })) };
    expect(() => readStoreOrder('woocommerce', many, 'https://a.example.com')).toThrow(STORE_MESSAGES.tooManyLines);
  });
});

describe('store connections and the order a line makes (ADR 0060)', () => {
  it('a connection: name, a web address (https assumed), the secret each platform needs', () => {
    const make = () => 'generated-secret';
    expect(storeConnectionOf({ platform: 'woocommerce', name: ' My shop ', shopUrl: 'shop.example.com/' }, make)).toEqual({
      name: 'My shop',
      shopUrl: 'https://shop.example.com',
      secret: 'generated-secret',
      generated: true,
    });
    expect(storeConnectionOf({ platform: 'shopify', name: 'S', shopUrl: 'https://x.myshopify.com', secret: 's3cret' }, make)).toMatchObject({
      generated: false,
    });
    expect(() => storeConnectionOf({ platform: 'shopify', name: 'S', shopUrl: 'https://x.myshopify.com' }, make)).toThrow(STORE_MESSAGES.secretRequired);
    expect(() => storeConnectionOf({ platform: 'magento', name: 'M', shopUrl: 'https://m.example.com', secret: 'abc' }, make)).toThrow(
      STORE_MESSAGES.publicKeyRequired,
    );
    expect(() => storeConnectionOf({ platform: 'woocommerce', name: ' ', shopUrl: 'https://m.example.com' }, make)).toThrow(STORE_MESSAGES.nameRequired);
    expect(normalShopUrl('javascript:alert(1)')).toBeNull();
    expect(normalShopUrl('https://user:pw@shop.example.com')).toBeNull();
    expect(normalShopUrl('localhost')).toBeNull();
  });

  const catalogItem = { id: 'c'.repeat(24), name: 'Lamp', modelId: 'd'.repeat(24), model: { id: 'd'.repeat(24), name: 'Lamp', preview: null, author: null } };

  it('a mapped line: pending, the store customer and unit price, no bills, its origin and link', () => {
    const order = readStoreOrder('shopify', shopifyPayload, 'https://jon.myshopify.com')!;
    const fields = orderFromStoreLine(storeLineRecord(order, order.lines[0]!), catalogItem as never);
    expect(fields).toMatchObject({
      status: 'pending',
      customer: { fullName: 'John Smith', email: 'jon@example.com', registeredUser: false, avatar: null },
      catalogItemId: catalogItem.id,
      quantity: 2,
      totalCents: 19900,
      marginCents: 0,
      origin: 'shopify',
      originLink: 'https://jon.myshopify.com/admin/orders/820982911946154508',
      note: null,
      quoteId: null,
      billOfMaterials: { totalCents: 0, groups: [] },
    });
  });

  it('another currency: the amount kept as sent, and the note says so', () => {
    const order = readStoreOrder('woocommerce', wooPayload, 'https://shop.example.com')!;
    const fields = orderFromStoreLine(storeLineRecord(order, order.lines[1]!), catalogItem as never);
    expect(fields.totalCents).toBe(1250);
    expect(fields.note).toBe(STORE_MESSAGES.currencyKept('12.5', 'EUR'));
  });
});
