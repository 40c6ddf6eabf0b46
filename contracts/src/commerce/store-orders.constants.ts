import { COMMON_MESSAGES } from '../common/messages';

/**
 * Plain values of orders from outside stores (spec 002 §1, §3 origin / originLink; ADR 0060), without zod, so
 * the web app, the domain and the BFF read them from `@kiln/contracts/constants`.
 */

/** The outside store platforms an order may come from (a subset of ORDER_ORIGINS: the origin badge). */
export const STORE_PLATFORMS = ['shopify', 'woocommerce', 'magento'] as const;
export type StorePlatform = (typeof STORE_PLATFORMS)[number];

/** The origin badge's words (spec 002 §1: WooCommerce, Shopify, Magento). */
export const STORE_PLATFORM_LABELS: Record<StorePlatform, string> = { shopify: 'Shopify', woocommerce: 'WooCommerce', magento: 'Magento' };

/**
 * The webhook endpoint of a connection: `POST /api/hooks/store/{connectionId}`; no session, the platform's
 * signature over the raw body is the authentication (ADR 0060).
 */
export const STORE_HOOK_PATH_PREFIX = '/api/hooks/store/';
export const storeHookPath = (connectionId: string) => `${STORE_HOOK_PATH_PREFIX}${connectionId}`;

/**
 * The largest webhook body read (bytes). The raw body travels to the commerce service base64-encoded in one
 * NATS message (1 MiB at most): 512 KiB of body is under 700 KiB there. An order payload is a few KiB.
 */
export const STORE_HOOK_BODY_LIMIT = 512 * 1024;

/**
 * The headers each platform signs its deliveries with (lower case, as node gives them), and the one naming a
 * delivery where the platform sends one (Adobe Commerce's webhooks send none: its orders are told apart by their
 * increment id).
 */
export const STORE_HOOK_HEADERS: Record<StorePlatform, { signature: string; delivery: string | null; topic: string | null }> = {
  shopify: { signature: 'x-shopify-hmac-sha256', delivery: 'x-shopify-webhook-id', topic: 'x-shopify-topic' },
  woocommerce: { signature: 'x-wc-webhook-signature', delivery: 'x-wc-webhook-delivery-id', topic: 'x-wc-webhook-topic' },
  magento: { signature: 'x-adobe-commerce-webhook-signature', delivery: null, topic: null },
};
/** Every header the BFF passes on to the service (nothing else of the request goes there). */
export const STORE_HOOK_FORWARDED_HEADERS: readonly string[] = [
  ...new Set(Object.values(STORE_HOOK_HEADERS).flatMap((h) => [h.signature, h.delivery, h.topic].filter((x): x is string => x !== null))),
  'content-type',
];

/** Store connections: limits. */
export const STORE_NAME_MAX = 100;
export const STORE_URL_MAX = 300;
/** A shared secret (Shopify, WooCommerce) or the PEM public key of Adobe Commerce's webhooks (Magento). */
export const STORE_SECRET_MAX = 4096;
export const STORE_SKU_MAX = 200;
/** SKU mappings of one connection. */
export const STORE_MAPPINGS_MAX = 1000;
/** Connections listed at once (a seller has a few). */
export const STORE_CONNECTIONS_MAX = 100;
/** Kept lines listed at once (newest first; the total says how many wait in all). */
export const STORE_NEEDS_MAPPING_PAGE = 100;
/** Lines of one store order that are read (more are refused: no real order has that many). */
export const STORE_ORDER_LINES_MAX = 200;

/** Sentences for people (ADR 0060). */
export const STORE_MESSAGES = {
  connectionNotFound: 'Store connection not found.',
  nameRequired: COMMON_MESSAGES.required,
  urlInvalid: 'Enter the address of the store, like https://shop.example.com or example.myshopify.com.',
  secretRequired: 'Paste the secret the store signs its webhooks with.',
  publicKeyRequired: 'Paste the public key of the webhooks configuration (-----BEGIN PUBLIC KEY----- …).',
  skuRequired: 'SKU is required',
  mappingScope: 'The catalog item must belong to the same workspace as the store connection.',
  signatureRefused: 'The signature of this request does not match its store connection.',
  notAnOrder: 'This request does not carry an order Kiln can read.',
  tooManyLines: `An order may have at most ${STORE_ORDER_LINES_MAX} lines.`,
  tooManyMappings: `A store connection may map at most ${STORE_MAPPINGS_MAX} SKUs.`,
  entryNotFound: 'This store order entry was not found.',
  entryNeedsMapping: 'Map this SKU to a catalog item first.',
  entryAlreadyOrdered: 'This store order entry was already turned into an order.',
  /** Said on an order whose store priced it in another currency (kept as sent, not converted). */
  currencyKept: (amount: string, currency: string) =>
    `Priced by the store in ${currency}: ${amount} ${currency} a unit, kept as sent (not converted to US dollars).`,
} as const;
