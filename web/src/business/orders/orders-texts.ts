import { ORDER_ACTION_LABELS, ORDER_MESSAGES, STATUS_LABELS, type OrderOrigin } from '@kiln/contracts/constants';
import { addKnownMessages } from '../../api/messages';

/**
 * The words of the orders and quotes screens that the spec does not give (ADR 0058). The spec's own sentences
 * (§2 empty states, §5 messages, §8 'No data available') are ORDER_MESSAGES in the contracts, imported as they are.
 */
export const DEAL_TEXTS = {
  copyLink: 'Copy link',
  copied: 'Link copied',
  linkMailed: 'The customer’s link was e-mailed to them. Saving the quotation again sends a new link.',
  linkShown: 'The customer’s link (share it with them; it opens their quotation without an account):',
  otherReason: 'Describe the reason',
  reportSubject: (kind: 'Order' | 'Quote', id: string) => `Problem with ${kind.toLowerCase()} ${id}`,
  pdfMissing: 'The PDF could not be made. Please try again.',
} as const;

/** Where an order came from (spec 002 §3): this product, or an outside store whose badge links out. */
export const ORIGIN_LABELS: Record<OrderOrigin, string> = { product: 'Kiln', woocommerce: 'WooCommerce', shopify: 'Shopify', magento: 'Magento' };

/** "Nov 2026" for '2026-11' (the chart's months). */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, (m || 1) - 1, 1)).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

// The service answers with these sentences (a 409 names the action and the status): shown as they come.
const strings = (messages: Record<string, unknown>) => Object.values(messages).filter((m): m is string => typeof m === 'string');
addKnownMessages([
  ...strings(ORDER_MESSAGES),
  ...Object.values(ORDER_ACTION_LABELS).flatMap((action) => Object.values(STATUS_LABELS).map((status) => ORDER_MESSAGES.illegal(action, status))),
]);
