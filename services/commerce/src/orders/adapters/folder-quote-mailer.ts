import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { formatUsd, toCents } from '@kiln/domain';
import { QuoteMail, QuoteMailer } from '../ports/quote-mailer.port';

/** Where the default mailer writes: KILN_MAIL_DIR, else .data/mail (under the working directory). */
export const mailDir = (env: NodeJS.ProcessEnv = process.env) => resolve(env.KILN_MAIL_DIR || '.data/mail');

/** The message as plain text (what SMTP would send; ADR 0059 adds the PDF). */
export function mailText(mail: QuoteMail): string {
  const r = mail.revision;
  return [
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Hello ${mail.customerName},`,
    '',
    `here is our quotation for ${mail.quote.quantity} × ${mail.quote.catalogItem.name}: ${formatUsd(toCents(r.totalPrice) * r.quantity)}`,
    `(${formatUsd(toCents(r.totalPrice))} each), delivered ${r.deliveryDays} day(s) after your order.`,
    `It is valid until ${r.expiresAt.slice(0, 10)}. Accept or decline it here, no account needed:`,
    '',
    mail.link,
    '',
  ].join('\n');
}

/**
 * The default QuoteMailer: each message a file in the mail folder (`<time>-<quote>-r<revision>.eml`), its
 * address in the log without the link (the link is the customer's key).
 */
@Injectable()
export class FolderQuoteMailer implements QuoteMailer {
  private readonly logger = new Logger('quote-mail');

  async send(mail: QuoteMail): Promise<void> {
    const dir = mailDir();
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${Date.now()}-${mail.quote.id}-r${mail.revision.number}.eml`);
    await writeFile(file, mailText(mail), { mode: 0o600 });
    this.logger.log(`quotation ${mail.quote.id} revision ${mail.revision.number} for ${mail.to} written to ${file}`);
  }
}
