import { ORDER_MESSAGES } from './order.constants';

/**
 * The words of an order's or a quote's PDF (spec 002 §9 "PDF export"; ADR 0059), once: the BFF draws them,
 * the tests read them back (pdftotext), and the web app names the file and the print title from here.
 */
export const ORDER_DOCUMENT_FILE_NAME = 'document.pdf';
export const ORDER_DOCUMENT_CONTENT_TYPE = 'application/pdf';

/** Spec 002 §9: the print title is `Order-{id}` or `Quote-{id}` (document.title while printing). */
export const orderPrintTitle = (kind: 'order' | 'quote', id: string): string => `${kind === 'order' ? 'Order' : 'Quote'}-${id}`;

/** The largest bill the PDF draws in full (lines per bill); past it the document says how many more there are. */
export const ORDER_DOCUMENT_MAX_LINES = 500;

/**
 * The labels and headings of the document: words naming a field, not sentences. The order and quote detail pages
 * (spec 002 §2 side information) show the same words: import them from here rather than typing them again.
 */
export const ORDER_DOCUMENT_LABELS = {
  order: 'Order',
  quote: 'Quote',
  status: 'Status',
  product: 'Product',
  orderId: 'Order ID',
  quoteId: 'Quote ID',
  quantity: 'Quantity',
  dateSubmitted: 'Date submitted',
  estLeadTime: 'Est. Lead time',
  dateExpected: 'Date expected',
  revision: 'Revision',
  sent: 'Sent',
  expires: 'Expires',
  customer: 'Customer',
  fullName: 'Full name',
  email: 'Email',
  phone: 'Phone',
  billOfMaterials: 'Bill of materials',
  billOfServices: 'Bill of services',
  material: 'Material',
  service: 'Service',
  unitPrice: 'Unit price',
  price: 'Price',
  groupTotal: 'Group total',
  subtotal: 'Subtotal',
  margin: 'Margin',
  total: 'Total',
  materials: 'Materials',
  internalName: 'Internal name',
  materialClass: 'Class',
  partNumber: 'Part number',
  manufacturer: 'Manufacturer',
  parameters: 'Parameters',
  scrap: 'Scrap',
  remainders: 'Remainders',
  createdDetails: 'Created details',
  providedServices: 'Provided services',
  notPriced: 'Lines not priced',
  none: '—',
} as const;

/** The document's sentences. */
export const ORDER_DOCUMENT_TEXTS = {
  noData: ORDER_MESSAGES.noData,
  noRevision: 'This quote has no such revision.',
  moreLines: (count: number) => `… and ${count} more ${count === 1 ? 'line' : 'lines'} (shown on the order's page).`,
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;
