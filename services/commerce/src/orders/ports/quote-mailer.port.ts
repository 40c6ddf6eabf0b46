import { Quote, QuoteRevision } from '@kiln/contracts';

/** One e-mail to a customer with the link to their quotation (sent or revised). */
export interface QuoteMail {
  to: string;
  customerName: string;
  subject: string;
  /** The page the customer opens (no account): the public URL + /quote/{token}. */
  link: string;
  quote: Quote;
  revision: QuoteRevision;
}

/**
 * Sending a quotation to its customer (ADR 0057): a port, kept small. The default adapter writes each
 * message to a folder (KILN_MAIL_DIR, default .data/mail); SMTP and the PDF attachment come with ADR 0059.
 */
export interface QuoteMailer {
  send(mail: QuoteMail): Promise<void>;
}

export const QUOTE_MAILER = Symbol('QuoteMailer');
