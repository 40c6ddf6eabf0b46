import type { OrderCatalogItem } from '@kiln/contracts';
import {
  CUSTOMER_EMAIL_MAX,
  CUSTOMER_NAME_MAX,
  CUSTOMER_PHONE_MAX,
  QUOTE_QUANTITY_MAX,
  STORE_HOOK_HEADERS,
  STORE_MESSAGES,
  STORE_NAME_MAX,
  STORE_ORDER_LINES_MAX,
  STORE_SKU_MAX,
  STORE_URL_MAX,
  type StorePlatform,
} from '@kiln/contracts/constants';
import { DomainError } from '../shared/domain-error';
import { FieldError, throwIfInvalid } from './field-errors';
import { EMPTY_BILLS } from './order-pricing';
import type { CustomerFields, OrderFields } from './order-rules';

/*
 * Orders from outside stores (spec 002 §1, §3 origin / originLink; ADR 0060): how each platform signs its
 * webhooks, how its order payload reads, and the order a mapped line makes. Pure: the service gives the crypto
 * primitives (node:crypto), the clock and the ids.
 */

// ---------------------------------------------------------------------------------------------------------
// Signatures, exactly as each platform documents them.

/** The primitives a verification needs, given by the service. */
export interface StoreCrypto {
  /** HMAC-SHA256 of `data` keyed with the UTF-8 bytes of `key`. */
  hmacSha256(key: string, data: Uint8Array): Uint8Array;
  /** RSA (PKCS#1 v1.5) SHA-256 signature check with a PEM public key; false for a key that does not parse. */
  rsaSha256Verify(publicKeyPem: string, data: Uint8Array, signature: Uint8Array): boolean;
  /** Constant-time equality of two byte strings of the same length. */
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 with padding. */
export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]! + (b === undefined ? '=' : B64[(n >> 6) & 63]!) + (c === undefined ? '=' : B64[n & 63]!);
  }
  return out;
}

/** Standard base64 (padding optional) to bytes; null when it is not base64. */
export function fromBase64(text: string): Uint8Array | null {
  const clean = text.trim().replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(clean) || clean.length % 4 === 1) return null;
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    value = (value << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >> bits) & 255);
    }
  }
  return Uint8Array.from(out);
}

/** What a webhook request brings for its verification: the raw body, byte for byte, and its headers (lower case). */
export interface StoreHookInput {
  raw: Uint8Array;
  headers: Readonly<Record<string, string | undefined>>;
}

/**
 * Whether the request carries the platform's valid signature over its raw body (ADR 0060):
 * - Shopify: `X-Shopify-Hmac-Sha256` = base64(HMAC-SHA256(raw body, the app's / store's webhook secret));
 * - WooCommerce: `X-WC-Webhook-Signature` = base64(HMAC-SHA256(raw body, the webhook's secret));
 * - Adobe Commerce (Magento) webhooks: `x-adobe-commerce-webhook-signature` = base64 of an RSA-SHA256 signature,
 *   made with the private key of its webhooks configuration, over the base64 encoding of the body; checked with the
 *   public key of that configuration (what the connection keeps as its secret).
 * The comparison of HMACs is constant-time; a missing or malformed header is simply false.
 */
export function storeSignatureValid(platform: StorePlatform, input: StoreHookInput, secret: string, crypto: StoreCrypto): boolean {
  const header = input.headers[STORE_HOOK_HEADERS[platform].signature];
  if (!header || !secret) return false;
  const given = fromBase64(header);
  if (!given || given.length === 0) return false;
  if (platform === 'magento') {
    const signed = new TextEncoder().encode(toBase64(input.raw));
    return crypto.rsaSha256Verify(secret, signed, given);
  }
  const expected = crypto.hmacSha256(secret, input.raw);
  // Lengths are not secret (always 32 bytes here); only then may the bytes be compared, in constant time.
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * WooCommerce's ping when a webhook is saved: `webhook_id=<n>` as a form, unsigned. Answered 200 so WooCommerce
 * saves the webhook; nothing is read from it and nothing stored (ADR 0060).
 */
export function isWooCommercePing(platform: StorePlatform, input: StoreHookInput): boolean {
  if (platform !== 'woocommerce' || input.raw.length > 64) return false;
  return /^webhook_id=\d+$/.test(new TextDecoder().decode(input.raw).trim());
}

// ---------------------------------------------------------------------------------------------------------
// Connections.

export interface StoreConnectionDraft {
  platform: StorePlatform;
  name: string;
  shopUrl: string;
  secret?: string | undefined;
}

/** `example.myshopify.com` or `https://shop.example.com/` → `https://shop.example.com` (path kept, no trailing slash); null when not a web address. */
export function normalShopUrl(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > STORE_URL_MAX) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname.includes('.') || url.username || url.password) return null;
  if (url.search || url.hash) return null;
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

const PEM_PUBLIC_KEY = /^-----BEGIN (RSA )?PUBLIC KEY-----[\s\S]+-----END (RSA )?PUBLIC KEY-----$/;

/**
 * A checked connection: a name, a web address, and the secret the platform signs with (Shopify: required;
 * WooCommerce: none means Kiln makes one, `generated` true; Magento: the PEM public key, required).
 */
export function storeConnectionOf(
  draft: StoreConnectionDraft,
  generateSecret: () => string,
): { name: string; shopUrl: string; secret: string; generated: boolean } {
  const errors: FieldError[] = [];
  const name = draft.name.trim();
  const shopUrl = normalShopUrl(draft.shopUrl);
  const secret = (draft.secret ?? '').trim();
  if (!name) errors.push({ path: 'name', message: STORE_MESSAGES.nameRequired });
  else if (name.length > STORE_NAME_MAX) errors.push({ path: 'name', message: `Must be at most ${STORE_NAME_MAX} characters.` });
  if (!shopUrl) errors.push({ path: 'shopUrl', message: STORE_MESSAGES.urlInvalid });
  if (draft.platform === 'magento' && !PEM_PUBLIC_KEY.test(secret)) errors.push({ path: 'secret', message: STORE_MESSAGES.publicKeyRequired });
  if (draft.platform === 'shopify' && !secret) errors.push({ path: 'secret', message: STORE_MESSAGES.secretRequired });
  throwIfInvalid(errors);
  if (secret) return { name, shopUrl: shopUrl!, secret, generated: false };
  return { name, shopUrl: shopUrl!, secret: generateSecret(), generated: true };
}

/** A SKU as keys compare it: trimmed, as the store spells it otherwise (SKUs are case-sensitive in all three). */
export function skuOf(text: string): string {
  const sku = text.trim();
  throwIfInvalid(sku ? [] : [{ path: 'sku', message: STORE_MESSAGES.skuRequired }]);
  if (sku.length > STORE_SKU_MAX) throw new DomainError('invalid', `Must be at most ${STORE_SKU_MAX} characters.`);
  return sku;
}

// ---------------------------------------------------------------------------------------------------------
// Reading a store's order.

export interface StoreOrderLine {
  /** The store's id of the line (its index when the payload has none): with the order id, what de-duplicates. */
  key: string;
  sku: string;
  title: string;
  quantity: number;
  /** Per unit, as sent, in the order's currency (a decimal text kept exactly: `199.00`). */
  unitPrice: string;
  /** Per unit in cents of the order's currency. */
  unitCents: number;
}

export interface StoreOrder {
  platform: StorePlatform;
  /** The store's id of the order (Shopify's and WooCommerce's id, Magento's increment id). */
  storeOrderId: string;
  /** What the store shows people (`#1001`, `727`, `000000042`). */
  storeOrderNumber: string;
  customer: { fullName: string; email: string; phoneNumber: string | null };
  /** ISO 4217, upper case (`USD`). */
  currency: string;
  lines: StoreOrderLine[];
  /** The order's page in the store's admin (the origin badge's link). */
  originLink: string | null;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
const cap = (s: string, max: number) => s.slice(0, max);

/** An id: a string, or a safe integer (a larger number lost its last digits in JSON.parse and is refused). */
function idOf(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return String(v);
  return '';
}

/** Shopify's `gid://shopify/Order/820982911946154508`: the id exactly, even past 2^53 (the number field is not). */
const gidTail = (v: unknown): string => /^gid:\/\/shopify\/\w+\/(\d+)$/.exec(str(v))?.[1] ?? '';

/** A price as sent (`"199.00"`, `3`, `3.5`) as a decimal text and integer cents; null when not a price. */
function priceOf(v: unknown): { text: string; cents: number } | null {
  const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!/^\d{1,12}(\.\d+)?$/.test(text)) return null;
  return { text, cents: Math.round(Number(text) * 100) };
}

function quantityOf(v: unknown): number | null {
  const n = typeof v === 'string' ? Number(v.trim()) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 1 || n > QUOTE_QUANTITY_MAX || !Number.isInteger(n)) return null;
  return n;
}

function customerOfStore(first: unknown, last: unknown, fallbackName: unknown, email: unknown, phone: unknown): StoreOrder['customer'] {
  const mail = cap(str(email).toLowerCase(), CUSTOMER_EMAIL_MAX);
  const name = [str(first), str(last)].filter(Boolean).join(' ') || str(fallbackName) || mail;
  return { fullName: cap(name, CUSTOMER_NAME_MAX), email: mail, phoneNumber: cap(str(phone), CUSTOMER_PHONE_MAX) || null };
}

function linesOf(items: unknown, read: (item: Json, index: number) => StoreOrderLine | null): StoreOrderLine[] | null {
  if (!Array.isArray(items) || items.length === 0) return null;
  if (items.length > STORE_ORDER_LINES_MAX) throw new DomainError('invalid', STORE_MESSAGES.tooManyLines);
  const lines: StoreOrderLine[] = [];
  for (const [index, raw] of items.entries()) {
    const item = obj(raw);
    const line = item ? read(item, index) : null;
    if (!line) return null;
    lines.push(line);
  }
  return lines;
}

const currencyOf = (v: unknown) => (/^[A-Za-z]{3}$/.test(str(v)) ? str(v).toUpperCase() : 'USD');
const origin = (shopUrl: string) => shopUrl.replace(/\/+$/, '');

/** Shopify's order webhook payload (`orders/create`, `orders/paid`; Admin REST Order). */
function shopifyOrder(json: Json, shopUrl: string): StoreOrder | null {
  const id = gidTail(json.admin_graphql_api_id) || idOf(json.id);
  const customer = obj(json.customer) ?? {};
  const billing = obj(json.billing_address) ?? {};
  const lines = linesOf(json.line_items, (item, index) => {
    const quantity = quantityOf(item.quantity);
    const price = priceOf(item.price);
    if (quantity === null || price === null) return null;
    const key = gidTail(item.admin_graphql_api_id) || idOf(item.id) || String(index);
    return {
      key,
      sku: cap(str(item.sku), STORE_SKU_MAX),
      title: cap(str(item.title) || str(item.name), 500),
      quantity,
      unitPrice: price.text,
      unitCents: price.cents,
    };
  });
  if (!id || !lines) return null;
  return {
    platform: 'shopify',
    storeOrderId: id,
    storeOrderNumber: str(json.name) || str(json.order_number) || id,
    customer: customerOfStore(
      customer.first_name ?? billing.first_name,
      customer.last_name ?? billing.last_name,
      billing.name,
      json.email ?? json.contact_email ?? customer.email,
      json.phone ?? customer.phone ?? billing.phone,
    ),
    currency: currencyOf(json.currency),
    lines,
    originLink: `${origin(shopUrl)}/admin/orders/${id}`,
  };
}

/** WooCommerce's order webhook payload (`order.created`; REST API v3 Order). */
function wooCommerceOrder(json: Json, shopUrl: string): StoreOrder | null {
  const id = idOf(json.id);
  const billing = obj(json.billing) ?? {};
  const lines = linesOf(json.line_items, (item, index) => {
    const quantity = quantityOf(item.quantity);
    // `price` is the unit price (a number); else the line's subtotal over its quantity.
    let price = priceOf(item.price);
    if (price === null && quantity !== null) {
      const subtotal = priceOf(item.subtotal);
      if (subtotal) price = { text: (subtotal.cents / quantity / 100).toFixed(2), cents: Math.round(subtotal.cents / quantity) };
    }
    if (quantity === null || price === null) return null;
    return {
      key: idOf(item.id) || String(index),
      sku: cap(str(item.sku), STORE_SKU_MAX),
      title: cap(str(item.name), 500),
      quantity,
      unitPrice: price.text,
      unitCents: price.cents,
    };
  });
  if (!id || !lines) return null;
  return {
    platform: 'woocommerce',
    storeOrderId: id,
    storeOrderNumber: str(json.number) || id,
    customer: customerOfStore(billing.first_name, billing.last_name, null, billing.email, billing.phone),
    currency: currencyOf(json.currency),
    lines,
    originLink: `${origin(shopUrl)}/wp-admin/post.php?post=${encodeURIComponent(id)}&action=edit`,
  };
}

/** Adobe Commerce's webhook payload for an order (`observer.sales_order_place_after`: `{data: {order}}`; REST's sales order too). */
function magentoOrder(json: Json, shopUrl: string): StoreOrder | null {
  const order = obj(obj(json.data)?.order) ?? obj(json.order) ?? json;
  const incrementId = str(order.increment_id);
  const entityId = idOf(order.entity_id);
  const billing = obj(order.billing_address) ?? {};
  const items = Array.isArray(order.items) ? order.items.filter((i) => !obj(i)?.parent_item_id && !obj(i)?.parent_item) : order.items;
  const lines = linesOf(items, (item, index) => {
    const quantity = quantityOf(item.qty_ordered ?? item.qty);
    const price = priceOf(item.price);
    if (quantity === null || price === null) return null;
    return {
      key: idOf(item.item_id) || String(index),
      sku: cap(str(item.sku), STORE_SKU_MAX),
      title: cap(str(item.name), 500),
      quantity,
      unitPrice: price.text,
      unitCents: price.cents,
    };
  });
  if (!incrementId || !lines) return null;
  return {
    platform: 'magento',
    storeOrderId: incrementId,
    storeOrderNumber: incrementId,
    customer: customerOfStore(
      order.customer_firstname ?? billing.firstname,
      order.customer_lastname ?? billing.lastname,
      null,
      order.customer_email ?? billing.email,
      billing.telephone,
    ),
    currency: currencyOf(order.order_currency_code ?? order.base_currency_code),
    lines,
    originLink: entityId ? `${origin(shopUrl)}/admin/sales/order/view/order_id/${entityId}/` : null,
  };
}

/**
 * A store's order from its webhook body (parsed JSON) and the connection's address; null when the body is no
 * order Kiln reads (no id, no lines, a line without quantity or price). At most STORE_ORDER_LINES_MAX lines.
 */
export function readStoreOrder(platform: StorePlatform, body: unknown, shopUrl: string): StoreOrder | null {
  const json = obj(body);
  if (!json) return null;
  switch (platform) {
    case 'shopify':
      return shopifyOrder(json, shopUrl);
    case 'woocommerce':
      return wooCommerceOrder(json, shopUrl);
    case 'magento':
      return magentoOrder(json, shopUrl);
  }
}

/** The key a line is kept and de-duplicated under (unique per connection): the store's order id and the line's. */
export const storeLineKey = (order: Pick<StoreOrder, 'storeOrderId'>, line: Pick<StoreOrderLine, 'key'>) => `${order.storeOrderId}:${line.key}`;

/** What a kept line knows of its order (stored beside it, to make the order later). */
export interface StoreLineRecord {
  platform: StorePlatform;
  storeOrderNumber: string;
  customer: StoreOrder['customer'];
  currency: string;
  line: StoreOrderLine;
  originLink: string | null;
}

export const storeLineRecord = (order: StoreOrder, line: StoreOrderLine): StoreLineRecord => ({
  platform: order.platform,
  storeOrderNumber: order.storeOrderNumber,
  customer: order.customer,
  currency: order.currency,
  line,
  originLink: order.originLink,
});

/**
 * The order a mapped store line makes (ADR 0060): status pending (the seller accepts or declines it as any other),
 * the store's customer and price, no bills (the store priced it; EMPTY_BILLS), its origin badge and admin link.
 * A price in another currency is kept as sent, not converted, and the order's note says so.
 */
export function orderFromStoreLine(record: StoreLineRecord, catalogItem: OrderCatalogItem): OrderFields {
  const customer: CustomerFields = { ...record.customer, avatar: null, registeredUser: false };
  return {
    status: 'pending',
    customer,
    catalogItemId: catalogItem.id,
    catalogItem,
    quantity: record.line.quantity,
    ...EMPTY_BILLS,
    missing: [],
    deliveryDays: null,
    expirationDays: null,
    note: record.currency === 'USD' ? null : STORE_MESSAGES.currencyKept(record.line.unitPrice, record.currency),
    origin: record.platform,
    originLink: record.originLink,
    totalCents: record.line.unitCents,
    marginCents: 0,
    quoteId: null,
    revision: null,
    acceptedAt: null,
  };
}
