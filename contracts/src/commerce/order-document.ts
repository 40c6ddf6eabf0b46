import { z } from 'zod';
import type { HttpRoute } from '../http';
import { RecordIdParams } from './records';

export * from './order-document.constants';

/** An IANA time zone the dates of the PDF are written in ("Europe/Paris"); UTC when absent. */
const TimeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone.');

/** `GET /api/workspace/business-order/{id}/pdf?timeZone=`. */
export const OrderPdfQuery = z.strictObject({ timeZone: TimeZone.optional() });
export type OrderPdfQuery = z.infer<typeof OrderPdfQuery>;
/** `GET /api/workspace/business-product-quote/{id}/pdf?timeZone=&revision=N`: a sent revision N; without it the quote as it is now. */
export const QuotePdfQuery = z.strictObject({
  timeZone: TimeZone.optional(),
  revision: z.coerce.number().int().min(1).max(1_000_000).optional(),
});
export type QuotePdfQuery = z.infer<typeof QuotePdfQuery>;

const PdfBytes = z.string().describe('the PDF (application/pdf), as an attachment named document.pdf');

/**
 * Spec 002 §9 "PDF export" (ADR 0059): hand-written in the BFF (bff/src/order-documents/), which reads the order
 * or quote with the same rpc as its detail page (so exactly who may see it may download it; anyone else 404)
 * and draws the A4 document from that answer.
 */
export const OrderDocumentHttpRoutes = {
  orderPdf: {
    method: 'get',
    path: '/api/workspace/business-order/{id}/pdf',
    summary:
      'An order as an A4 PDF (Bill of materials, Bill of services, Subtotal, Margin, Total, a Materials page, created details and provided services), ' +
      'as the attachment document.pdf; dates in ?timeZone= (IANA, UTC by default); 404 to whoever may not see the order',
    auth: true,
    params: RecordIdParams,
    query: OrderPdfQuery,
    response: PdfBytes,
  },
  quotePdf: {
    method: 'get',
    path: '/api/workspace/business-product-quote/{id}/pdf',
    summary:
      'A quote as an A4 PDF like an order’s: as it is now, or its sent revision ?revision=N (frozen); document.pdf; 404 to whoever may not see the quote',
    auth: true,
    params: RecordIdParams,
    query: QuotePdfQuery,
    response: PdfBytes,
  },
} satisfies Record<string, HttpRoute>;
