import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { QuoteMail, QuoteMailer } from '../ports/quote-mailer.port';
import { FolderQuoteMailer } from './folder-quote-mailer';
import { SmtpQuoteMailer, smtpSettings } from './smtp-quote-mailer';

/**
 * The QuoteMailer the service uses (ADR 0059): SMTP when KILN_SMTP_URL is set (with its outbox and retries),
 * else the folder (ADR 0057). Decided once, at start.
 */
@Injectable()
export class ConfiguredQuoteMailer implements QuoteMailer, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly inner: QuoteMailer;

  constructor() {
    const smtp = smtpSettings(process.env);
    this.inner = smtp ? new SmtpQuoteMailer(smtp) : new FolderQuoteMailer();
  }

  send(mail: QuoteMail): Promise<void> {
    return this.inner.send(mail);
  }

  onApplicationBootstrap(): void {
    if (this.inner instanceof SmtpQuoteMailer) this.inner.start();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.inner instanceof SmtpQuoteMailer) await this.inner.stop();
  }
}
