import { z } from 'zod';
import { Id, Text, Timestamp } from '../common/ids';
import { jsonParam, Skip, limitUpTo } from '../common/list';
import { CatalogModel } from './catalog';
import { MaterialClass, MaterialParams, MaterialPrice } from './material';
import { RecordMeta, Scope } from './records';
import { ServiceClass } from './service';
import { Money, Quantity } from './units';
import {
  BUSINESS_STATUSES,
  CUSTOMER_EMAIL_MAX,
  CUSTOMER_NAME_MAX,
  CUSTOMER_PHONE_MAX,
  ORDER_MESSAGES,
  ORDER_NOTE_MAX,
  ORDER_ORIGINS,
  ORDER_STATUSES,
  ORDERS_PAGE_SIZE,
  QUOTE_DAYS_MAX,
  QUOTE_QUANTITY_MAX,
  QUOTE_STATUSES,
} from './order.constants';

export * from './order.constants';

/**
 * Orders and quotes (spec 002 §2–§5, §7; ADR 0057): business records (ADR 0029: event streams, ETag /
 * If-Match, history, `?version=N`, pushed live) whose bills are priced from the catalog item's recipe
 * (ADR 0027). The schemas bound shapes; the rules people read (the spec's sentences, the state machines)
 * live in domain/src/commerce/orders.
 */
export const BusinessStatus = z.enum(BUSINESS_STATUSES);
export const OrderStatus = z.enum(ORDER_STATUSES);
export const QuoteStatus = z.enum(QUOTE_STATUSES);
export const OrderOrigin = z.enum(ORDER_ORIGINS);
export type BusinessStatus = z.infer<typeof BusinessStatus>;
export type OrderStatus = z.infer<typeof OrderStatus>;
export type QuoteStatus = z.infer<typeof QuoteStatus>;
export type OrderOrigin = z.infer<typeof OrderOrigin>;

/** Spec 002 §3: who ordered. `registeredUser`: the e-mail belongs to a Kiln account (its name is then locked). */
export const Customer = z.object({
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  avatar: z.string().nullable(),
  registeredUser: z.boolean(),
});
export type Customer = z.infer<typeof Customer>;

/** A customer as typed (create a quote, edit the contact); the domain trims and checks it with the spec's sentences. */
export const CustomerInput = z.strictObject({
  fullName: z.string({ error: ORDER_MESSAGES.fullNameRequired }).max(CUSTOMER_NAME_MAX, `Must be at most ${CUSTOMER_NAME_MAX} characters.`),
  email: z.string({ error: ORDER_MESSAGES.emailRequired }).max(CUSTOMER_EMAIL_MAX, ORDER_MESSAGES.invalidEmail),
  phoneNumber: z.string().max(CUSTOMER_PHONE_MAX, ORDER_MESSAGES.phone).nullable().optional(),
});
export type CustomerInput = z.infer<typeof CustomerInput>;

/** The catalog item an order or quote is for, as it was when the quote was made (a copy: the item may change or go). */
export const OrderCatalogItem = z.object({ id: Id, name: z.string(), modelId: Id, model: CatalogModel });
export type OrderCatalogItem = z.infer<typeof OrderCatalogItem>;

/** Spec 002 §3 "Material line on a bill": the material as it was priced. */
export const BillMaterial = z.object({
  id: Id,
  name: z.string(),
  internalName: z.string(),
  materialClass: MaterialClass,
  partNumber: z.string().nullable(),
  manufacturer: z.string().nullable(),
  params: MaterialParams,
  price: MaterialPrice,
  scrapPercentage: z.number(),
});
/** An offcut left from a piece (spec 002 §3 remainders; sizes in mm). */
export const BillRemainder = z.object({ id: z.string(), width: z.number(), height: z.number(), price: Money });
export const BillMaterialLine = z.object({
  material: BillMaterial,
  /** For the whole order, in the material's pricing unit (scrap included). */
  quantity: Quantity,
  /** The line's price for the whole order, in US dollars. */
  price: Money,
  remainders: z.array(BillRemainder),
});
export type BillMaterialLine = z.infer<typeof BillMaterialLine>;
export const BillOfMaterials = z.object({
  total: Money,
  groups: z.array(z.object({ materialClass: MaterialClass, total: Money, materials: z.array(BillMaterialLine) })),
  /** What the order makes: the catalog item, that many times. */
  createdDetails: z.array(z.object({ name: z.string(), quantity: z.number() })),
});
export type BillOfMaterials = z.infer<typeof BillOfMaterials>;

export const BillServiceLine = z.object({
  name: z.string(),
  service: z.object({ id: Id, name: z.string(), serviceClass: ServiceClass }),
  /** For the whole order, in `unitLabel`. */
  quantity: z.number(),
  unitLabel: z.string(),
  /** Per one `unitLabel`, in US dollars (the price option's, or the general price). */
  servicePrice: Money,
  price: Money,
});
export type BillServiceLine = z.infer<typeof BillServiceLine>;
export const BillOfServices = z.object({
  total: Money,
  groups: z.array(z.object({ serviceClass: ServiceClass, total: Money, services: z.array(BillServiceLine) })),
  providedServices: z.array(z.object({ name: z.string(), quantity: z.number(), unitLabel: z.string() })),
});
export type BillOfServices = z.infer<typeof BillOfServices>;

/** A recipe line that could not be priced (its material or service is gone, or its unit does not convert): reported, never dropped. */
export const MissingLine = z.object({
  /** `materials.2` / `services.0`: the line's place in the recipe. */
  line: z.string(),
  kind: z.enum(['material', 'service']),
  id: z.string(),
  message: z.string(),
});
export type MissingLine = z.infer<typeof MissingLine>;

/** What a sent quotation says, frozen (spec 002 §4 Send; ADR 0057): never changes once sent, its hash neither. */
export const QuoteRevision = z.object({
  number: z.number().int().min(1),
  /** sha-256 (hex) of the canonical JSON of everything below but `hash` and `sentAt`. */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  sentAt: Timestamp,
  quantity: z.number().int(),
  totalPrice: Money,
  /** True when the seller typed the total (Override) instead of the calculated one. */
  priceOverridden: z.boolean(),
  marginAmount: Money,
  deliveryDays: z.number().int(),
  expirationDays: z.number().int(),
  /** sentAt + expirationDays: after it the customer can no longer accept. */
  expiresAt: Timestamp,
  billOfMaterials: BillOfMaterials,
  billOfServices: BillOfServices,
  missing: z.array(MissingLine),
});
export type QuoteRevision = z.infer<typeof QuoteRevision>;

/** What an order and a quote share (spec 002 §3). */
const Deal = {
  ...RecordMeta,
  /** The customer's full name (what lists search beside the e-mail). */
  name: z.string(),
  customer: Customer,
  catalogItemId: Id,
  catalogItem: OrderCatalogItem,
  quantity: z.number().int(),
  /** Per unit, US dollars; the list shows totalPrice × quantity. */
  totalPrice: Money,
  /** For the whole order. */
  marginAmount: Money,
  deliveryDays: z.number().int().nullable(),
  expirationDays: z.number().int().nullable(),
  /** The decline or revoke reason (its preset text or the typed one). */
  note: z.string().nullable(),
  origin: OrderOrigin,
  originLink: z.string().nullable(),
  billOfMaterials: BillOfMaterials,
  billOfServices: BillOfServices,
  missing: z.array(MissingLine),
};

export const Quote = z.object({
  ...Deal,
  status: QuoteStatus,
  /** True when totalPrice was typed (Override) rather than calculated. */
  priceOverridden: z.boolean(),
  /** Every sent revision, oldest first (empty until sent). */
  revisions: z.array(QuoteRevision),
  /** The order the customer's acceptance made. */
  orderId: Id.nullable(),
});
export type Quote = z.infer<typeof Quote>;

/**
 * The answer of a change that froze a new revision (Send, or Save on a sent quote): the quote, and once, the
 * customer's new link (the service keeps only its hash, so it can be shown to the seller only here; ADR 0057).
 */
export const ChangedQuote = Quote.extend({ customerLink: z.string().optional() });
export type ChangedQuote = z.infer<typeof ChangedQuote>;

export const Order = z.object({
  ...Deal,
  status: OrderStatus,
  /** The quote and the revision it was accepted from (null for an order from an outside store). */
  quoteId: Id.nullable(),
  revision: z.object({ number: z.number().int(), hash: z.string() }).nullable(),
  /** When it was accepted (what Monthly and Yearly total count by). */
  acceptedAt: Timestamp.nullable(),
});
export type Order = z.infer<typeof Order>;

/** Spec 002 §7 list `where`: the scope, a status (or several), and an OR of contains on the customer's full name or email. */
const Contains = z.strictObject({ contains: Text(200) });
export const OrderWhere = z.strictObject({
  teamId: Id.nullable().optional(),
  projectId: Id.nullable().optional(),
  status: z.union([BusinessStatus, z.strictObject({ in: z.array(BusinessStatus).max(10) })]).optional(),
  OR: z
    .array(z.union([z.strictObject({ 'customer.fullName': Contains }), z.strictObject({ 'customer.email': Contains })]))
    .max(2)
    .optional(),
});
export type OrderWhere = z.infer<typeof OrderWhere>;
export const OrderSort = z.partialRecord(z.enum(['createdAt', 'updatedAt', 'totalPrice']), z.union([z.literal(1), z.literal(-1)]));
export const OrderListQuery = z.strictObject({
  where: jsonParam(OrderWhere).optional(),
  sort: jsonParam(OrderSort).optional(),
  /** Accepted for the spec's calls; the catalog item is always included (a copy). */
  populate: jsonParam(z.union([z.array(z.string()), z.string()])).optional(),
  skip: Skip,
  limit: limitUpTo(100, ORDERS_PAGE_SIZE),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;
export const OrderList = z.object({ data: z.array(Order), total: z.number().int() });
export type OrderList = z.infer<typeof OrderList>;
export const QuoteList = z.object({ data: z.array(Quote), total: z.number().int() });
export type QuoteList = z.infer<typeof QuoteList>;

/** GET /api/workspace/business-order/reports (spec 002 §3 "Report counts"; ADR 0057): from a projection. */
export const OrderReportsQuery = z.strictObject({ where: jsonParam(OrderWhere.pick({ teamId: true, projectId: true })).optional() });
export const OrderReports = z.object({
  /** Pending orders. */
  new: z.number().int(),
  /** Revenue (totalPrice × quantity) of orders accepted this calendar month (UTC) and still accepted or completed. */
  monthly: Money,
  /** The same for this calendar year. */
  yearly: Money,
  /**
   * The orders chart beside the stats (ADR 0058): the last 12 UTC months, oldest first, each with the orders accepted
   * that month (still accepted or completed) and their revenue; a month without any is there with zeros.
   */
  months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), orders: z.number().int(), revenue: Money })),
});
export type OrderReports = z.infer<typeof OrderReports>;

const Note = z.string().max(ORDER_NOTE_MAX, `Must be at most ${ORDER_NOTE_MAX} characters.`);
/** A price typed in the send dialog: a number at least 0 (spec 002 §5). */
export const TypedPrice = z
  .number({ error: ORDER_MESSAGES.positivePrice })
  .finite(ORDER_MESSAGES.positivePrice)
  .min(0, ORDER_MESSAGES.positivePrice)
  .max(1e9, 'This price is too large.');
export const Days = z
  .number({ error: ORDER_MESSAGES.greaterThanZero })
  .int(ORDER_MESSAGES.greaterThanZero)
  .min(1, ORDER_MESSAGES.greaterThanZero)
  .max(QUOTE_DAYS_MAX, `At most ${QUOTE_DAYS_MAX} days.`);

/**
 * PATCH /api/workspace/business-order/{id} (spec 002 §7): `{status:'accepted'}`, `{status:'completed'}`,
 * `{status:'declined', note}` (the reason), or `{customer}`. One of them at a time.
 */
export const UpdateOrderBody = z.strictObject({
  status: z.enum(['accepted', 'completed', 'declined']).optional(),
  note: Note.optional(),
  customer: CustomerInput.optional(),
});
export type UpdateOrderBody = z.infer<typeof UpdateOrderBody>;

/**
 * PATCH /api/workspace/business-product-quote/{id} (spec 002 §7): `{status:'quotationSent', totalPrice?,
 * expirationDays, deliveryDays}` sends (no totalPrice: the calculated one); the same values without a status
 * save them (on a sent quote: a new revision); `{status:'revoked', note}` revokes; `{customer}` edits the contact.
 */
export const UpdateQuoteBody = z.strictObject({
  status: z.enum(['quotationSent', 'revoked']).optional(),
  note: Note.optional(),
  /** Per unit; present: the Override; null: back to the calculated total. */
  totalPrice: TypedPrice.nullable().optional(),
  expirationDays: Days.optional(),
  deliveryDays: Days.optional(),
  customer: CustomerInput.optional(),
});
export type UpdateQuoteBody = z.infer<typeof UpdateQuoteBody>;

/** POST /api/workspace/business-product-quote: Create a quote (spec 002 §2 modal; priced from the recipe, status Quotation needed). */
export const CreateQuoteBody = z.strictObject({
  catalogItemId: z.string({ error: ORDER_MESSAGES.catalogItemRequired }).max(24, ORDER_MESSAGES.catalogItemRequired),
  customer: CustomerInput,
  quantity: z
    .number({ error: ORDER_MESSAGES.quantityMin })
    .int(ORDER_MESSAGES.quantityMin)
    .min(1, ORDER_MESSAGES.quantityMin)
    .max(QUOTE_QUANTITY_MAX, `At most ${QUOTE_QUANTITY_MAX}.`),
  ...Scope,
});
export type CreateQuoteBody = z.infer<typeof CreateQuoteBody>;
export type CreateQuoteInput = z.input<typeof CreateQuoteBody>;

/** GET …/user-by-email?email=: a registered user's full name (the create modal fills and locks it); 404 when none. */
export const UserByEmailQuery = z.strictObject({ email: z.string().max(CUSTOMER_EMAIL_MAX, ORDER_MESSAGES.invalidEmail) });
export const UserByEmail = z.object({ fullName: z.string() });
export type UserByEmail = z.infer<typeof UserByEmail>;

/** The customer's link: 32 random bytes, base64url (the service keeps only its sha-256). */
export const QuoteToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, ORDER_MESSAGES.linkInvalid);
export const QuoteTokenParams = z.strictObject({ token: QuoteToken });
/** What the customer's page shows (no account): the current frozen revision and whether it can still be answered. */
export const PublicQuote = z.object({
  /** open: can be accepted or declined; the others say why not (`message`). */
  state: z.enum(['open', 'accepted', 'declined', 'expired', 'revoked', 'notSent']),
  message: z.string().nullable(),
  catalogItem: z.object({ name: z.string(), model: z.object({ name: z.string(), preview: z.string().nullable() }) }),
  customer: z.object({ fullName: z.string() }),
  revision: QuoteRevision.nullable(),
});
export type PublicQuote = z.infer<typeof PublicQuote>;
/** Declining on the customer's page: an optional reason. */
export const PublicDeclineBody = z.strictObject({ note: Note.optional() });
