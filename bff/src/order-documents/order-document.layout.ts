import {
  MATERIAL_CLASSES,
  ORDER_DOCUMENT_MAX_LINES,
  ORDER_DOCUMENT_LABELS,
  ORDER_DOCUMENT_TEXTS,
  orderPrintTitle,
  STATUS_LABELS,
  type BillOfMaterials,
  type BillOfServices,
  type MissingLine,
  type Order,
  type Quote,
} from '@kiln/contracts';
import { SERVICE_CLASS_LABELS } from '@kiln/contracts/constants';
import { estimatedLeadTime, expectedDate, formatUsd, formatWhen, multiplyCents, sumCents, toCents } from '@kiln/domain';

/**
 * The layout of an order's or a quote's PDF (spec 002 §9; ADR 0059), pure: the detail answer in, the pages out as
 * blocks of text (titles, label/value rows, tables with groups, totals, lists). The renderer (order-document.pdf.ts)
 * only draws them on A4; the unit test reads them. No rule is decided here: money and dates are the domain's, the
 * words the contracts'.
 */

export type Align = 'left' | 'right';
export interface Column {
  header: string;
  /** Share of the line's width (the columns of a table add up to 1). */
  width: number;
  align: Align;
}
export interface TableSection {
  /** A group's name (a material or service class), drawn above its rows. */
  title?: string;
  rows: string[][];
  /** The group's total row. */
  footer?: string[];
}
export type Block =
  | { kind: 'title'; text: string; subtitle: string }
  | { kind: 'heading'; text: string }
  | { kind: 'fields'; rows: [label: string, value: string][] }
  | { kind: 'table'; columns: Column[]; sections: TableSection[]; empty: string; note?: string }
  | { kind: 'totals'; rows: [label: string, value: string][] }
  | { kind: 'list'; items: string[]; empty: string }
  | { kind: 'text'; text: string };

export interface OrderDocument {
  /** The PDF's Title (its print title, spec 002 §9: Order-{id} / Quote-{id}). */
  title: string;
  pages: Block[][];
}

export type DocumentSource = { kind: 'order'; order: Order } | { kind: 'quote'; quote: Quote; revision?: number };

export interface LayoutOptions {
  /** IANA zone of the dates; UTC when absent. */
  timeZone?: string;
}

/** What the document shows: an order, a quote as it is, or a quote's frozen revision. */
interface Deal {
  kind: 'order' | 'quote';
  id: string;
  status: string;
  productName: string;
  customer: Order['customer'];
  quantity: number;
  totalPrice: number;
  marginAmount: number;
  createdAt: string;
  updatedAt: string;
  deliveryDays: number | null;
  expirationDays: number | null;
  origin: Order['origin'];
  billOfMaterials: BillOfMaterials;
  billOfServices: BillOfServices;
  missing: MissingLine[];
  revision: { number: number; sentAt: string; expiresAt: string } | null;
}

/** The deal the document shows; null when the quote has no such revision. */
export function dealOf(source: DocumentSource): Deal | null {
  if (source.kind === 'order') {
    const o = source.order;
    return { ...common(o), kind: 'order', status: STATUS_LABELS[o.status], revision: null };
  }
  const q = source.quote;
  if (source.revision === undefined) return { ...common(q), kind: 'quote', status: STATUS_LABELS[q.status], revision: null };
  const r = q.revisions.find((candidate) => candidate.number === source.revision);
  if (!r) return null;
  return {
    ...common(q),
    kind: 'quote',
    status: STATUS_LABELS[q.status],
    quantity: r.quantity,
    totalPrice: r.totalPrice,
    marginAmount: r.marginAmount,
    deliveryDays: r.deliveryDays,
    expirationDays: r.expirationDays,
    billOfMaterials: r.billOfMaterials,
    billOfServices: r.billOfServices,
    missing: r.missing,
    revision: { number: r.number, sentAt: r.sentAt, expiresAt: r.expiresAt },
  };
}

function common(d: Order | Quote) {
  return {
    id: d.id,
    productName: d.catalogItem.name,
    customer: d.customer,
    quantity: d.quantity,
    totalPrice: d.totalPrice,
    marginAmount: d.marginAmount,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    deliveryDays: d.deliveryDays,
    expirationDays: d.expirationDays,
    origin: d.origin,
    billOfMaterials: d.billOfMaterials,
    billOfServices: d.billOfServices,
    missing: d.missing,
  };
}

/** The document's words (contracts): labels and sentences. */
const T = { ...ORDER_DOCUMENT_LABELS, ...ORDER_DOCUMENT_TEXTS };

const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const amount = (value: number) => numbers.format(value);
const usd = (dollars: number) => formatUsd(toCents(dollars));
const orNone = (value: string | null | undefined) => (value === null || value === undefined || value.trim() === '' ? T.none : value);

/** Spec 002 §9's document: page 1 the details, the two bills and the totals; page 2 the Materials page with the lists. */
export function layoutOrderDocument(deal: Deal, options: LayoutOptions = {}): OrderDocument {
  const zone = options.timeZone ?? 'UTC';
  const when = (iso: string | null) => (iso === null ? T.none : formatWhen(iso, zone));
  const title = orderPrintTitle(deal.kind, deal.id);

  const details: [string, string][] = [
    [T.product, deal.productName],
    [deal.kind === 'order' ? T.orderId : T.quoteId, deal.id],
    [T.status, deal.status],
    [T.quantity, amount(deal.quantity)],
    [T.dateSubmitted, when(deal.createdAt)],
    [T.estLeadTime, when(estimatedLeadTime(deal.createdAt, deal.expirationDays))],
  ];
  // Spec 002 §2: the expected date only when the status contains "needed".
  if (deal.status.toLowerCase().includes('needed')) details.push([T.dateExpected, when(expectedDate(deal.updatedAt, deal.deliveryDays))]);
  if (deal.revision) {
    details.push([T.revision, String(deal.revision.number)], [T.sent, when(deal.revision.sentAt)], [T.expires, when(deal.revision.expiresAt)]);
  }
  const customer: [string, string][] = [
    [T.fullName, deal.customer.fullName],
    [T.email, deal.customer.email],
    [T.phone, orNone(deal.customer.phoneNumber)],
  ];

  const subtotalCents = sumCents([toCents(deal.billOfMaterials.total), toCents(deal.billOfServices.total)]);
  const totalCents = multiplyCents(toCents(deal.totalPrice), deal.quantity);

  const first: Block[] = [
    { kind: 'title', text: `${deal.kind === 'order' ? T.order : T.quote} ${deal.id}`, subtitle: deal.productName },
    { kind: 'fields', rows: details },
    { kind: 'heading', text: T.customer },
    { kind: 'fields', rows: customer },
    { kind: 'heading', text: T.billOfMaterials },
    materialsTable(deal.billOfMaterials),
    { kind: 'heading', text: T.billOfServices },
    servicesTable(deal.billOfServices),
    {
      kind: 'totals',
      rows: [
        [T.subtotal, formatUsd(subtotalCents)],
        [T.margin, usd(deal.marginAmount)],
        [T.total, formatUsd(totalCents)],
      ],
    },
  ];
  if (deal.missing.length > 0) {
    first.push({ kind: 'heading', text: T.notPriced }, { kind: 'list', items: deal.missing.map((m) => `${m.line}: ${m.message}`), empty: T.noData });
  }

  const second: Block[] = [
    { kind: 'title', text: T.materials, subtitle: `${deal.kind === 'order' ? T.order : T.quote} ${deal.id}` },
    ...materialsPage(deal.billOfMaterials),
    { kind: 'heading', text: T.createdDetails },
    { kind: 'list', items: deal.billOfMaterials.createdDetails.map((d) => `${d.name} × ${amount(d.quantity)}`), empty: T.noData },
    { kind: 'heading', text: T.providedServices },
    {
      kind: 'list',
      items: deal.billOfServices.providedServices.map((s) => `${s.name}: ${amount(s.quantity)} ${s.unitLabel}`),
      empty: T.noData,
    },
  ];
  return { title, pages: [first, second] };
}

/** At most ORDER_DOCUMENT_MAX_LINES rows in all; the rest is counted in a note. */
function bounded<G, L>(groups: G[], linesOf: (group: G) => L[]): { groups: { group: G; lines: L[] }[]; left: number } {
  let room = ORDER_DOCUMENT_MAX_LINES;
  let left = 0;
  const out: { group: G; lines: L[] }[] = [];
  for (const group of groups) {
    const lines = linesOf(group);
    if (room <= 0) {
      left += lines.length;
      continue;
    }
    out.push({ group, lines: lines.slice(0, room) });
    left += Math.max(0, lines.length - room);
    room -= lines.length;
  }
  return { groups: out, left };
}

function materialsTable(bill: BillOfMaterials): Block {
  const { groups, left } = bounded(bill.groups, (g) => g.materials);
  return {
    kind: 'table',
    columns: [
      { header: T.material, width: 0.55, align: 'left' },
      { header: T.quantity, width: 0.25, align: 'right' },
      { header: T.price, width: 0.2, align: 'right' },
    ],
    sections: groups.map(({ group, lines }) => ({
      title: MATERIAL_CLASSES[group.materialClass]?.label ?? group.materialClass,
      rows: lines.map((l) => [l.material.name, `${amount(l.quantity.value)} ${l.quantity.unit}`, usd(l.price)]),
      footer: [T.groupTotal, '', usd(group.total)],
    })),
    empty: T.noData,
    ...(left > 0 ? { note: T.moreLines(left) } : {}),
  };
}

function servicesTable(bill: BillOfServices): Block {
  const { groups, left } = bounded(bill.groups, (g) => g.services);
  return {
    kind: 'table',
    columns: [
      { header: T.service, width: 0.4, align: 'left' },
      { header: T.quantity, width: 0.2, align: 'right' },
      { header: T.unitPrice, width: 0.2, align: 'right' },
      { header: T.price, width: 0.2, align: 'right' },
    ],
    sections: groups.map(({ group, lines }) => ({
      title: SERVICE_CLASS_LABELS[group.serviceClass] ?? group.serviceClass,
      rows: lines.map((s) => [s.name, `${amount(s.quantity)} ${s.unitLabel}`, `${usd(s.servicePrice)} / ${s.unitLabel}`, usd(s.price)]),
      footer: [T.groupTotal, '', '', usd(group.total)],
    })),
    empty: T.noData,
    ...(left > 0 ? { note: T.moreLines(left) } : {}),
  };
}

/** The Materials page: every material of the bill with what describes it, and its remainders. */
function materialsPage(bill: BillOfMaterials): Block[] {
  const { groups, left } = bounded(bill.groups, (g) => g.materials);
  const lines = groups.flatMap(({ lines }) => lines);
  if (lines.length === 0) return [{ kind: 'text', text: T.noData }];
  const blocks: Block[] = [];
  for (const line of lines) {
    const m = line.material;
    const spec = MATERIAL_CLASSES[m.materialClass];
    const labelOf = new Map(spec?.params.map((p) => [p.key, p.label]) ?? []);
    const params = Object.entries(m.params).map(([key, q]) => `${labelOf.get(key) ?? key} ${amount(q.value)} ${q.unit}`);
    blocks.push(
      { kind: 'heading', text: m.name },
      {
        kind: 'fields',
        rows: [
          [T.internalName, orNone(m.internalName)],
          [T.materialClass, spec?.label ?? m.materialClass],
          [T.partNumber, orNone(m.partNumber)],
          [T.manufacturer, orNone(m.manufacturer)],
          [T.parameters, params.length > 0 ? params.join(', ') : T.none],
          [T.price, `${usd(m.price.price)} / ${m.price.unit}`],
          [T.scrap, `${amount(m.scrapPercentage)}%`],
          [T.quantity, `${amount(line.quantity.value)} ${line.quantity.unit}`],
          [
            T.remainders,
            line.remainders.length > 0 ? line.remainders.map((r) => `${amount(r.width)} × ${amount(r.height)} mm (${usd(r.price)})`).join(', ') : T.none,
          ],
        ],
      },
    );
  }
  if (left > 0) blocks.push({ kind: 'text', text: T.moreLines(left) });
  return blocks;
}

/** The document's words, in reading order, one string a line (what the unit test reads; pdftotext finds the same words). */
export function documentLines(document: OrderDocument): string[] {
  const out: string[] = [];
  for (const page of document.pages) {
    for (const block of page) {
      switch (block.kind) {
        case 'title':
          out.push(block.text, block.subtitle);
          break;
        case 'heading':
        case 'text':
          out.push(block.text);
          break;
        case 'fields':
        case 'totals':
          for (const [label, value] of block.rows) out.push(`${label}: ${value}`);
          break;
        case 'list':
          out.push(...(block.items.length > 0 ? block.items : [block.empty]));
          break;
        case 'table':
          out.push(block.columns.map((c) => c.header).join(' | '));
          if (block.sections.length === 0) out.push(block.empty);
          for (const section of block.sections) {
            if (section.title) out.push(section.title);
            for (const row of section.rows) out.push(row.join(' | '));
            if (section.footer) out.push(section.footer.filter(Boolean).join(' | '));
          }
          if (block.note) out.push(block.note);
          break;
      }
    }
  }
  return out;
}
