import { COMMON_MESSAGES } from '../common/messages';

/**
 * Plain values of orders and quotes (spec 002 §2–§5, §9; ADR 0057), without zod, so the web app and the domain
 * read them from `@kiln/contracts/constants`. Every sentence, option and limit of the two screens is here once.
 */

/** Spec 002 §4: every status an order or a quote may show. */
export const BUSINESS_STATUSES = [
  'accepted',
  'draft',
  'quotationNeeded',
  'quotationSent',
  'revoked',
  'cancelled',
  'declined',
  'pending',
  'completed',
  'paid',
] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

/** The statuses an order takes (spec 002 §4; `paid` comes with orders from outside stores). */
export const ORDER_STATUSES = ['pending', 'accepted', 'declined', 'completed', 'paid'] as const satisfies readonly BusinessStatus[];
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The statuses a quote takes (spec 002 §4; accepted and declined by the customer's answer, ADR 0057). */
export const QUOTE_STATUSES = ['quotationNeeded', 'quotationSent', 'revoked', 'accepted', 'declined'] as const satisfies readonly BusinessStatus[];
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Status badges (spec 002 §4). */
export const STATUS_LABELS: Record<BusinessStatus, string> = {
  accepted: 'Accepted',
  draft: 'Draft',
  quotationNeeded: 'Quotation needed',
  quotationSent: 'Quotation sent',
  revoked: 'Revoked',
  cancelled: 'Cancelled',
  declined: 'Declined',
  pending: 'Pending',
  completed: 'Completed',
  paid: 'Paid',
};
/** Spec 002 §4: "Pending and quotationNeeded are highlighted". */
export const HIGHLIGHTED_STATUSES: readonly BusinessStatus[] = ['pending', 'quotationNeeded'];

/** Spec 002 §9: orders and quotes, 10 a page; pages = total / 10 rounded up. */
export const ORDERS_PAGE_SIZE = 10;
/** Spec 002 §9: quotation expiry and delivery options, in days. */
export const QUOTE_DAY_OPTIONS = [1, 2, 3, 7, 14, 30] as const;
/** The largest expiry or delivery time accepted, in days (the options stop at 30; a typed value may go further). */
export const QUOTE_DAYS_MAX = 365;

/** Orders list filter (spec 002 §2, §4): the title dropdown, default all, remembered for the session. */
export const ORDER_FILTERS = ['all', 'completed', 'cancelled'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];
export const ORDER_FILTER_LABELS: Record<OrderFilter, string> = { all: 'All orders', completed: 'Completed orders', cancelled: 'Cancelled orders' };
/** The statuses each filter shows: a cancelled order is one declined (spec 002 §4 "cancelled through the decline flow"). */
export const ORDER_FILTER_STATUSES: Record<OrderFilter, readonly OrderStatus[] | null> = { all: null, completed: ['completed'], cancelled: ['declined'] };

/** Where an order came from (spec 002 §3): the product itself, or an outside store (its badge links out). */
export const ORDER_ORIGINS = ['product', 'woocommerce', 'shopify', 'magento'] as const;
export type OrderOrigin = (typeof ORDER_ORIGINS)[number];

/** The customer's page in the web app (ADR 0057): the e-mailed link is the public URL + this path. */
export const QUOTE_PAGE_PATH = '/quote/';
export const quotePagePath = (token: string) => `${QUOTE_PAGE_PATH}${token}`;

/** Decline and revoke reasons (spec 002 §5, §9): a preset with its explanation, or Other with free text. */
export const DECLINE_REASONS = [
  {
    id: 'price-or-cost-changes',
    label: 'Price or Cost Changes',
    text: 'The cost of the materials or services this order needs has changed, so it can no longer be made at the quoted price.',
  },
  {
    id: 'stock-unavailability',
    label: 'Stock Unavailability',
    text: 'A material this order needs is out of stock and cannot be replenished in time.',
  },
  {
    id: 'incorrect-quotation',
    label: 'Incorrect Quotation',
    text: 'The quotation contained a mistake; a corrected one will follow if you still want the order.',
  },
  {
    id: 'insufficient-capacity',
    label: 'Insufficient Capacity',
    text: 'We do not have the production capacity to make this order in the time it needs.',
  },
  { id: 'other', label: 'Other', text: '' },
] as const;
export type DeclineReasonId = (typeof DECLINE_REASONS)[number]['id'];

/** Customer fields (spec 002 §5). */
export const CUSTOMER_NAME_MAX = 200;
export const CUSTOMER_EMAIL_MAX = 254;
export const CUSTOMER_PHONE_MAX = 40;
/** A decline or revoke note (the reason's text). */
export const ORDER_NOTE_MAX = 2000;
/** Units in one quote. */
export const QUOTE_QUANTITY_MAX = 1_000_000;

/** Every sentence of the orders and quotes screens and of their service (spec 002 §5, §8; ADR 0057). */
export const ORDER_MESSAGES = {
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email address',
  phone: 'Use digits, single dashes, spaces, and an optional ‘+’',
  catalogItemRequired: 'Catalog item is required',
  reasonRequired: 'Please specify the reason',
  positivePrice: COMMON_MESSAGES.positivePrice,
  greaterThanZero: COMMON_MESSAGES.greaterThanZero,
  quantityMin: COMMON_MESSAGES.greaterThanZero,
  ordersEmpty: 'Once you receive orders they’ll be displayed here.',
  quotesEmpty: 'Once you receive quotes they’ll be displayed here.',
  noData: 'No data available',
  itemNotFound: 'Item not found',
  orderNotFound: 'This order does not exist.',
  quoteNotFound: 'This quote does not exist.',
  noRegisteredUser: 'No registered user has this email address.',
  catalogItemGone: 'This catalog item no longer exists.',
  materialGone: 'This material no longer exists, so its line is not priced.',
  serviceGone: 'This service no longer exists, so its line is not priced.',
  optionGone: 'This price option no longer exists, so the general price is used.',
  lineUnpriceable: 'This line’s quantity cannot be expressed in the material’s pricing unit, so it is not priced.',
  // 409s: an action the status does not allow; nothing is changed (spec 002 §4).
  illegal: (action: string, status: string) => `This cannot be done now: ${action} is not possible while the status is ${status}.`,
  customerLockedOrder: 'The customer can only be changed while the order is pending.',
  customerLockedQuote: 'The customer can only be changed while the quotation is needed.',
  revisionNeedsSend: 'Send the quotation first: only a sent quotation has revisions.',
  // The customer's page (no account): what it says instead of an error.
  linkInvalid: 'This quotation link is not valid. Ask the seller for a new one.',
  quoteExpired: 'This quotation has expired, so it can no longer be accepted. Ask the seller for a new one.',
  quoteRevoked: 'The seller withdrew this quotation, so it can no longer be accepted.',
  quoteAccepted: 'You accepted this quotation. The seller has your order.',
  quoteDeclined: 'You declined this quotation.',
  quoteNotSent: 'This quotation is being prepared and cannot be answered yet.',
} as const;

/** Action names in the 409 sentence. */
export const ORDER_ACTION_LABELS = {
  accept: 'Accept',
  decline: 'Decline',
  complete: 'Mark as complete',
  editCustomer: 'Edit customer',
  send: 'Send quotation',
  revise: 'Save quotation',
  revoke: 'Revoke quote',
  customerAccept: 'Accept quotation',
  customerDecline: 'Decline quotation',
} as const;
export type OrderActionId = keyof typeof ORDER_ACTION_LABELS;
