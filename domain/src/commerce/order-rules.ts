import { ORDER_ACTION_LABELS, ORDER_MESSAGES, STATUS_LABELS } from '@kiln/contracts/constants';
import type { OrderCatalogItem, OrderOrigin, OrderStatus, QuoteStatus } from '@kiln/contracts';
import { DomainError } from '../shared/domain-error';
import { diff, type Changes, type RecordFact, type RecordRules } from './business-record';
import { throwIfInvalid, type FieldError } from './field-errors';
import { toCents, type Cents } from './money';
import type { BillOfMaterialsFields, BillOfServicesFields, MissingLineFields, Pricing } from './order-pricing';

/**
 * Orders and quotes (spec 002 §4, §5; ADR 0057) as business records (ADR 0029). Their state machines are the
 * two tables below — what the service enforces (409 with a sentence, nothing changed), what the web app's
 * buttons follow, and what the tests walk (every status × every action).
 */

export type OrderAction = 'accept' | 'decline' | 'complete' | 'editCustomer';
export type QuoteAction = 'send' | 'revise' | 'revoke' | 'editCustomer' | 'customerAccept' | 'customerDecline';
export const ORDER_ACTIONS: readonly OrderAction[] = ['accept', 'decline', 'complete', 'editCustomer'];
export const QUOTE_ACTIONS: readonly QuoteAction[] = ['send', 'revise', 'revoke', 'editCustomer', 'customerAccept', 'customerDecline'];

/**
 * Spec 002 §4, orders: pending → accepted (Accept) or declined (Decline with reason); accepted → completed
 * (Mark as complete); accepted or paid → declined (cancelled through the decline flow); the customer is
 * editable only while pending. Anything not listed is refused.
 */
export const ORDER_MACHINE: Record<OrderStatus, Partial<Record<OrderAction, OrderStatus>>> = {
  pending: { accept: 'accepted', decline: 'declined', editCustomer: 'pending' },
  accepted: { complete: 'completed', decline: 'declined' },
  paid: { decline: 'declined' },
  declined: {},
  completed: {},
};

/**
 * Spec 002 §4, quotes: quotationNeeded → quotationSent (Send); Revoke (with a reason) unless cancelled,
 * accepted or revoked; the customer editable only in quotationNeeded. Ours (ADR 0057): Save of the send values
 * (`revise`) keeps the status — on a sent quote it freezes a new revision; the customer answers a sent quote
 * on its link: accepted (an order is made from the frozen revision) or declined.
 */
export const QUOTE_MACHINE: Record<QuoteStatus, Partial<Record<QuoteAction, QuoteStatus>>> = {
  quotationNeeded: { send: 'quotationSent', revise: 'quotationNeeded', revoke: 'revoked', editCustomer: 'quotationNeeded' },
  quotationSent: { revise: 'quotationSent', revoke: 'revoked', customerAccept: 'accepted', customerDecline: 'declined' },
  declined: { revoke: 'revoked' },
  revoked: {},
  accepted: {},
};

/** The actions an order's status allows (the detail page's buttons: spec 002 §4 "only for pending, accepted and paid"). */
export const orderActionsAllowed = (status: OrderStatus): OrderAction[] => ORDER_ACTIONS.filter((a) => ORDER_MACHINE[status][a] !== undefined);
export const quoteActionsAllowed = (status: QuoteStatus): QuoteAction[] => QUOTE_ACTIONS.filter((a) => QUOTE_MACHINE[status][a] !== undefined);

function illegal(of: 'order' | 'quote', action: OrderAction | QuoteAction, status: OrderStatus | QuoteStatus): DomainError {
  if (action === 'editCustomer') return new DomainError('conflict', of === 'order' ? ORDER_MESSAGES.customerLockedOrder : ORDER_MESSAGES.customerLockedQuote);
  return new DomainError('conflict', ORDER_MESSAGES.illegal(ORDER_ACTION_LABELS[action], STATUS_LABELS[status]));
}

/** The status after `action`, or a 409 with a sentence. */
export function nextOrderStatus(status: OrderStatus, action: OrderAction): OrderStatus {
  const next = ORDER_MACHINE[status][action];
  if (!next) throw illegal('order', action, status);
  return next;
}
export function nextQuoteStatus(status: QuoteStatus, action: QuoteAction): QuoteStatus {
  const next = QUOTE_MACHINE[status][action];
  if (!next) throw illegal('quote', action, status);
  return next;
}

// ---------------------------------------------------------------------------------------------------------
// Customers (spec 002 §5).

export interface CustomerFields {
  fullName: string;
  email: string;
  phoneNumber: string | null;
  avatar: string | null;
  registeredUser: boolean;
}
export interface CustomerDraft {
  fullName?: string | null;
  email?: string | null;
  phoneNumber?: string | null;
}
/** The registered user the e-mail belongs to, as the workspace answered (null: none). */
export type RegisteredPerson = { fullName: string; avatar: string | null } | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits in groups joined by one dash or one space, an optional leading '+'. */
const PHONE = /^\+?\d+(?:[ -]\d+)*$/;

/** Every customer rule, paths under `prefix` (the create modal and the contact edit show them by field). */
export function customerErrors(draft: CustomerDraft, prefix = 'customer'): FieldError[] {
  const errors: FieldError[] = [];
  const fullName = (draft.fullName ?? '').trim();
  const email = (draft.email ?? '').trim();
  const phone = (draft.phoneNumber ?? '').trim();
  if (!fullName) errors.push({ path: `${prefix}.fullName`, message: ORDER_MESSAGES.fullNameRequired });
  if (!email) errors.push({ path: `${prefix}.email`, message: ORDER_MESSAGES.emailRequired });
  else if (!EMAIL.test(email)) errors.push({ path: `${prefix}.email`, message: ORDER_MESSAGES.invalidEmail });
  if (phone && !PHONE.test(phone)) errors.push({ path: `${prefix}.phoneNumber`, message: ORDER_MESSAGES.phone });
  return errors;
}

/** A checked customer; a registered user's own name replaces the typed one (filled and locked, spec 002 §5). */
export function customerOf(draft: CustomerDraft, registered: RegisteredPerson): CustomerFields {
  throwIfInvalid(customerErrors(draft));
  return {
    fullName: registered?.fullName ?? draft.fullName!.trim(),
    email: draft.email!.trim().toLowerCase(),
    phoneNumber: (draft.phoneNumber ?? '').trim() || null,
    avatar: registered?.avatar ?? null,
    registeredUser: registered !== null,
  };
}

/** A decline or revoke reason: required (spec 002 §5). */
export function reasonOf(note: string | null | undefined, path = 'note'): string {
  const text = (note ?? '').trim();
  throwIfInvalid(text ? [] : [{ path, message: ORDER_MESSAGES.reasonRequired }]);
  return text;
}

// ---------------------------------------------------------------------------------------------------------
// Fields (money in cents, ADR 0030).

/** What an order and a quote share. */
export interface DealFields {
  customer: CustomerFields;
  catalogItemId: string;
  catalogItem: OrderCatalogItem;
  quantity: number;
  billOfMaterials: BillOfMaterialsFields;
  billOfServices: BillOfServicesFields;
  missing: MissingLineFields[];
  deliveryDays: number | null;
  expirationDays: number | null;
  note: string | null;
  origin: OrderOrigin;
  originLink: string | null;
}

/** A frozen revision: what the customer was sent (ADR 0057). `hash` covers everything but itself and `sentAt`. */
export interface QuoteRevisionFields {
  number: number;
  hash: string;
  sentAt: string;
  quantity: number;
  totalCents: Cents;
  priceOverridden: boolean;
  marginCents: Cents;
  deliveryDays: number;
  expirationDays: number;
  expiresAt: string;
  billOfMaterials: BillOfMaterialsFields;
  billOfServices: BillOfServicesFields;
  missing: MissingLineFields[];
}

export interface QuoteFields extends DealFields {
  status: QuoteStatus;
  /** The recipe's price of one unit, as priced at creation. */
  calculatedCents: Cents;
  /** The recipe's margin for the whole quantity. */
  recipeMarginCents: Cents;
  /** The Override: a typed price of one unit (null: the calculated one). */
  overrideCents: Cents | null;
  revisions: QuoteRevisionFields[];
  orderId: string | null;
}

export interface OrderFields extends DealFields {
  status: OrderStatus;
  totalCents: Cents;
  marginCents: Cents;
  quoteId: string | null;
  revision: { number: number; hash: string } | null;
  acceptedAt: string | null;
}

/** The price of one unit a quote asks: the Override, else the calculated one. */
export const quoteUnitCents = (q: Pick<QuoteFields, 'overrideCents' | 'calculatedCents'>): Cents => q.overrideCents ?? q.calculatedCents;

/**
 * The margin for the whole quantity: the recipe's; with an Override, what the typed total leaves above the
 * bills (never below 0: a price under cost shows a margin of 0).
 */
export function quoteMarginCents(
  q: Pick<QuoteFields, 'overrideCents' | 'calculatedCents' | 'recipeMarginCents' | 'quantity' | 'billOfMaterials' | 'billOfServices'>,
): Cents {
  if (q.overrideCents === null) return q.recipeMarginCents;
  return Math.max(0, q.overrideCents * q.quantity - q.billOfMaterials.totalCents - q.billOfServices.totalCents);
}

// ---------------------------------------------------------------------------------------------------------
// Revisions: frozen under a content hash.

/** JSON with object keys sorted at every level (what is hashed; jsonb gives keys back in another order). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** The content a revision's hash covers: everything frozen, not its number's hash itself nor the time it was sent. */
export function revisionContent(r: Omit<QuoteRevisionFields, 'hash' | 'sentAt'> | QuoteRevisionFields): string {
  const { number, quantity, totalCents, priceOverridden, marginCents, deliveryDays, expirationDays, expiresAt, billOfMaterials, billOfServices, missing } = r;
  return canonicalJson({
    number,
    quantity,
    totalCents,
    priceOverridden,
    marginCents,
    deliveryDays,
    expirationDays,
    expiresAt,
    billOfMaterials,
    billOfServices,
    missing,
  });
}

/** sha-256 of a text as hex: given by the service (the domain does no I/O nor crypto of its own). */
export type Hasher = (text: string) => string;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The customer's answers on one link (accept, decline): counted per link, not in one bucket shared by every
 * caller without an account (ADR 0057), so nobody can use up another customer's answers.
 */
export const QUOTE_LINK_RATE_LIMIT = { max: 30, windowSeconds: 60 } as const;

function freeze(q: QuoteFields, number: number, at: Date, hash: Hasher): QuoteRevisionFields {
  const base = {
    number,
    quantity: q.quantity,
    totalCents: quoteUnitCents(q),
    priceOverridden: q.overrideCents !== null,
    marginCents: quoteMarginCents(q),
    deliveryDays: q.deliveryDays!,
    expirationDays: q.expirationDays!,
    expiresAt: new Date(at.getTime() + q.expirationDays! * DAY_MS).toISOString(),
    billOfMaterials: q.billOfMaterials,
    billOfServices: q.billOfServices,
    missing: q.missing,
  };
  return { ...base, hash: hash(revisionContent(base)), sentAt: at.toISOString() };
}

/** The same terms (what a new revision would freeze, but its number, time and expiry). */
function sameTerms(q: QuoteFields, last: QuoteRevisionFields): boolean {
  return (
    last.totalCents === quoteUnitCents(q) &&
    last.priceOverridden === (q.overrideCents !== null) &&
    last.deliveryDays === q.deliveryDays &&
    last.expirationDays === q.expirationDays &&
    last.quantity === q.quantity
  );
}

/** Whether a sent quote's current revision has expired at `at` (spec 002 §9: sent + expirationDays). */
export function quoteExpired(q: Pick<QuoteFields, 'status' | 'revisions'>, at: Date): boolean {
  const last = q.revisions[q.revisions.length - 1];
  return q.status === 'quotationSent' && !!last && at.getTime() > Date.parse(last.expiresAt);
}

// ---------------------------------------------------------------------------------------------------------
// Decisions: each gives the changed fields (diffed into a fact by the service) or throws.

export interface SendValues {
  /** Per unit, dollars; undefined: keep; null: back to the calculated price. */
  totalPrice?: number | null;
  expirationDays?: number;
  deliveryDays?: number;
}

function withSendValues(q: QuoteFields, values: SendValues): QuoteFields {
  const errors: FieldError[] = [];
  const days = (v: number | undefined, path: string) => {
    if (v !== undefined && (!Number.isInteger(v) || v <= 0)) errors.push({ path, message: ORDER_MESSAGES.greaterThanZero });
  };
  days(values.expirationDays, 'expirationDays');
  days(values.deliveryDays, 'deliveryDays');
  if (values.totalPrice !== undefined && values.totalPrice !== null && (!Number.isFinite(values.totalPrice) || values.totalPrice < 0))
    errors.push({ path: 'totalPrice', message: ORDER_MESSAGES.positivePrice });
  throwIfInvalid(errors);
  return {
    ...q,
    overrideCents: values.totalPrice === undefined ? q.overrideCents : values.totalPrice === null ? null : toCents(values.totalPrice),
    expirationDays: values.expirationDays ?? q.expirationDays,
    deliveryDays: values.deliveryDays ?? q.deliveryDays,
  };
}

/** Send: the send values, then revision 1 frozen (both days needed: 'Must be greater than 0'). */
export function sendQuote(q: QuoteFields, values: SendValues, at: Date, hash: Hasher): QuoteFields {
  const status = nextQuoteStatus(q.status, 'send');
  const next = withSendValues(q, values);
  const missingDays: FieldError[] = [];
  if (next.expirationDays === null) missingDays.push({ path: 'expirationDays', message: ORDER_MESSAGES.greaterThanZero });
  if (next.deliveryDays === null) missingDays.push({ path: 'deliveryDays', message: ORDER_MESSAGES.greaterThanZero });
  throwIfInvalid(missingDays);
  return { ...next, status, revisions: [...q.revisions, freeze(next, q.revisions.length + 1, at, hash)] };
}

/**
 * Save of the send values without a status (the send dialog's Save keeps the status): on a quote not sent yet,
 * they are kept; on a sent one, a new revision is frozen when the terms changed (earlier ones never change).
 */
export function reviseQuote(q: QuoteFields, values: SendValues, at: Date, hash: Hasher): QuoteFields {
  const status = nextQuoteStatus(q.status, 'revise');
  const next = withSendValues(q, values);
  if (status !== 'quotationSent') return next;
  const last = q.revisions[q.revisions.length - 1];
  if (last && sameTerms(next, last)) return next;
  return { ...next, revisions: [...q.revisions, freeze(next, q.revisions.length + 1, at, hash)] };
}

export function revokeQuote(q: QuoteFields, note: string | null | undefined): QuoteFields {
  const status = nextQuoteStatus(q.status, 'revoke');
  return { ...q, status, note: reasonOf(note) };
}

export function changeQuoteCustomer(q: QuoteFields, customer: CustomerFields): QuoteFields {
  return { ...q, status: nextQuoteStatus(q.status, 'editCustomer'), customer };
}

/** Why a customer cannot answer a quote now (the page's sentence), or null when they can. */
export function customerAnswerRefusal(q: Pick<QuoteFields, 'status' | 'revisions'>, at: Date): string | null {
  if (q.status === 'revoked') return ORDER_MESSAGES.quoteRevoked;
  if (q.status === 'accepted') return ORDER_MESSAGES.quoteAccepted;
  if (q.status === 'declined') return ORDER_MESSAGES.quoteDeclined;
  if (q.status === 'quotationNeeded') return ORDER_MESSAGES.quoteNotSent;
  if (quoteExpired(q, at)) return ORDER_MESSAGES.quoteExpired;
  return null;
}

/** The customer accepts the current revision: the quote is accepted and names the order made from it. */
export function acceptQuote(q: QuoteFields, orderId: string, at: Date): QuoteFields {
  const refusal = customerAnswerRefusal(q, at);
  if (refusal) throw new DomainError('conflict', refusal);
  return { ...q, status: nextQuoteStatus(q.status, 'customerAccept'), orderId };
}

export function declineQuoteByCustomer(q: QuoteFields, note: string | null | undefined, at: Date): QuoteFields {
  const refusal = customerAnswerRefusal(q, at);
  if (refusal) throw new DomainError('conflict', refusal);
  return { ...q, status: nextQuoteStatus(q.status, 'customerDecline'), note: (note ?? '').trim() || null };
}

/** The order a customer's acceptance makes: the quote's current revision, as frozen (status pending). */
export function orderFromRevision(q: QuoteFields, quoteId: string): OrderFields {
  const r = q.revisions[q.revisions.length - 1];
  if (!r) throw new DomainError('conflict', ORDER_MESSAGES.revisionNeedsSend);
  return {
    status: 'pending',
    customer: q.customer,
    catalogItemId: q.catalogItemId,
    catalogItem: q.catalogItem,
    quantity: r.quantity,
    billOfMaterials: r.billOfMaterials,
    billOfServices: r.billOfServices,
    missing: r.missing,
    deliveryDays: r.deliveryDays,
    expirationDays: r.expirationDays,
    note: null,
    origin: 'product',
    originLink: null,
    totalCents: r.totalCents,
    marginCents: r.marginCents,
    quoteId,
    revision: { number: r.number, hash: r.hash },
    acceptedAt: null,
  };
}

export type OrderChange =
  { action: 'accept' } | { action: 'complete' } | { action: 'decline'; note: string | null | undefined } | { action: 'editCustomer'; customer: CustomerFields };

/** An order after one of the seller's actions (spec 002 §4), or a 409 / 400. */
export function changeOrder(o: OrderFields, change: OrderChange, at: Date): OrderFields {
  const status = nextOrderStatus(o.status, change.action);
  switch (change.action) {
    case 'accept':
      return { ...o, status, acceptedAt: at.toISOString() };
    case 'complete':
      return { ...o, status };
    case 'decline':
      return { ...o, status, note: reasonOf(change.note) };
    case 'editCustomer':
      return { ...o, status, customer: change.customer };
  }
}

/** A new quote's fields: the customer, the catalog item's copy and its priced recipe; status Quotation needed. */
export function newQuote(input: { customer: CustomerFields; catalogItem: OrderCatalogItem; quantity: number; pricing: Pricing }): QuoteFields {
  const { pricing } = input;
  return {
    status: 'quotationNeeded',
    customer: input.customer,
    catalogItemId: input.catalogItem.id,
    catalogItem: input.catalogItem,
    quantity: input.quantity,
    billOfMaterials: pricing.billOfMaterials,
    billOfServices: pricing.billOfServices,
    missing: pricing.missing,
    deliveryDays: null,
    expirationDays: null,
    note: null,
    origin: 'product',
    originLink: null,
    calculatedCents: pricing.unitCents,
    recipeMarginCents: pricing.marginCents,
    overrideCents: null,
    revisions: [],
    orderId: null,
  };
}

/** The fact of a change decided above (null when nothing changed). */
export function factOf<F extends object>(type: string, before: F, after: F, by: string, at: Date): RecordFact | null {
  const changes: Changes = diff(before, after);
  return Object.keys(changes).length === 0 ? null : { type: `${type}.updated`, changes, at, by };
}

/** Record rules for the generic machinery (ADR 0029): creation takes ready fields; changes go through the decisions above. */
export const quoteRules: RecordRules<QuoteFields, QuoteFields, never> = {
  type: 'quote',
  notFound: ORDER_MESSAGES.quoteNotFound,
  create: (fields) => fields,
  update: () => {
    throw new Error('quotes change through their decisions (order-rules.ts)');
  },
};
export const orderRules: RecordRules<OrderFields, OrderFields, never> = {
  type: 'order',
  notFound: ORDER_MESSAGES.orderNotFound,
  create: (fields) => fields,
  update: () => {
    throw new Error('orders change through their decisions (order-rules.ts)');
  },
};

/** The integration event of an order's `updated` fact, from what it changed (ADR 0057). */
export function orderEventOf(changes: Changes): 'accepted' | 'declined' | 'completed' | 'customer-changed' | 'updated' {
  const to = changes.status?.to;
  if (to === 'accepted' || to === 'declined' || to === 'completed') return to;
  if (changes.customer) return 'customer-changed';
  return 'updated';
}

/** The integration event of a quote's `updated` fact. */
export function quoteEventOf(changes: Changes): 'sent' | 'revised' | 'revoked' | 'accepted' | 'declined' | 'customer-changed' | 'updated' {
  const to = changes.status?.to;
  if (to === 'quotationSent') return 'sent';
  if (to === 'revoked' || to === 'accepted' || to === 'declined') return to;
  if (changes.revisions) return 'revised';
  if (changes.customer) return 'customer-changed';
  return 'updated';
}
