import { createHash, randomBytes } from 'node:crypto';
import { ORDER_MESSAGES, PublicQuote, Quote } from '@kiln/contracts';
import { customerAnswerRefusal, QuoteFields } from '@kiln/domain';

/** sha-256 as hex: revision hashes (ADR 0057) and the stored form of link tokens. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new customer link token: 32 random bytes, base64url (43 characters). */
export const newQuoteToken = () => randomBytes(32).toString('base64url');

/** What the customer's page shows of a quote at `at` (no account: only the frozen revision and the answer state). */
export function publicQuoteOf(quote: Quote, at: Date): PublicQuote {
  const refusal = customerAnswerRefusal(quote as unknown as Pick<QuoteFields, 'status' | 'revisions'>, at);
  const state: PublicQuote['state'] =
    quote.status === 'quotationNeeded'
      ? 'notSent'
      : quote.status === 'quotationSent'
        ? refusal
          ? 'expired'
          : 'open'
        : (quote.status as 'accepted' | 'declined' | 'revoked');
  return {
    state,
    message: state === 'open' ? null : (refusal ?? ORDER_MESSAGES.linkInvalid),
    catalogItem: { name: quote.catalogItem.name, model: { name: quote.catalogItem.model.name, preview: quote.catalogItem.model.preview } },
    customer: { fullName: quote.customer.fullName },
    revision: quote.revisions[quote.revisions.length - 1] ?? null,
  };
}
