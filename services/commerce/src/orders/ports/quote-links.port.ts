import { RecordTransaction } from '../../business-records/ports/record-store.port';

/** The customers' links (ADR 0057): only the sha-256 of each token is kept, naming its quote. */
export interface QuoteLinks {
  /** A new link for the quote, written with the send's fact. */
  add(trx: RecordTransaction, tokenHash: string, quoteId: string, at: Date): Promise<void>;
  /** The quote a token's hash names, or null. */
  quoteOf(tokenHash: string): Promise<string | null>;
}

export const QUOTE_LINKS = Symbol('QuoteLinks');
