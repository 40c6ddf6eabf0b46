import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { QuoteMail, QuoteMailer } from '../ports/quote-mailer.port';
import { mailDir, mailText } from './folder-quote-mailer';

/**
 * The SMTP QuoteMailer (ADR 0059), chosen when KILN_SMTP_URL is set. A message is first written to the
 * outbox folder (`<KILN_MAIL_DIR>/outbox/pending`, one JSON file each, mode 600: it holds the customer's link),
 * then sent in the background with nodemailer within KILN_SMTP_TIMEOUT_MS; once the SMTP server took it, the
 * file goes. So the quote's command never waits for, nor fails with, the mail server: a message the server
 * refused or did not answer stays and is tried again (after KILN_SMTP_RETRY_MS, doubling each time, at most an
 * hour apart); one still unsent after MAX_AGE_MS moves to `outbox/failed` with an error in the log.
 * Several instances may share the folder: a message is claimed by renaming it into `sending/` (atomic), and a
 * claim older than CLAIM_STALE_MS (its process stopped mid-send) goes back to `pending/`.
 */
export interface SmtpSettings {
  url: string;
  from: string;
  timeoutMs: number;
  retryMs: number;
  outbox: string;
}

export const SMTP_DEFAULTS = { from: 'Kiln <no-reply@localhost>', timeoutMs: 10_000, retryMs: 30_000 } as const;
const MAX_DELAY_MS = 60 * 60 * 1000;
const MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;
const CLAIM_STALE_MS = 10 * 60 * 1000;
/** Largest number of messages one pass sends (the rest wait for the next pass). */
const BATCH = 50;

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** The settings from the environment, or null when KILN_SMTP_URL is not set (the folder mailer then). */
export function smtpSettings(env: NodeJS.ProcessEnv = process.env): SmtpSettings | null {
  const url = env.KILN_SMTP_URL?.trim();
  if (!url) return null;
  return {
    url,
    from: env.KILN_MAIL_FROM?.trim() || SMTP_DEFAULTS.from,
    timeoutMs: positive(env.KILN_SMTP_TIMEOUT_MS, SMTP_DEFAULTS.timeoutMs),
    retryMs: positive(env.KILN_SMTP_RETRY_MS, SMTP_DEFAULTS.retryMs),
    outbox: join(mailDir(env), 'outbox'),
  };
}

/** One message waiting in the outbox. */
interface Outgoing {
  id: string;
  to: string;
  subject: string;
  text: string;
  /** What the log may say about it (never the link). */
  about: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  lastError?: string;
}

/** The plain-text body: the folder mailer's message without its header lines (one wording for both). */
export function mailBody(mail: QuoteMail): string {
  const text = mailText(mail);
  const start = text.indexOf('\n\n');
  return start === -1 ? text : text.slice(start + 2);
}

export class SmtpQuoteMailer implements QuoteMailer {
  private readonly logger = new Logger('quote-mail');
  /** nodemailer, loaded with the first message (a service without SMTP never loads it). */
  private transport: Promise<Transporter> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly dirs: { pending: string; sending: string; failed: string };

  constructor(
    private readonly settings: SmtpSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.dirs = {
      pending: join(settings.outbox, 'pending'),
      sending: join(settings.outbox, 'sending'),
      failed: join(settings.outbox, 'failed'),
    };
  }

  /** Into the outbox (awaited: a message that cannot even be written is an error the caller logs), then sent in the background. */
  async send(mail: QuoteMail): Promise<void> {
    const at = this.now();
    const message: Outgoing = {
      id: `${at.toString().padStart(15, '0')}-${randomBytes(6).toString('hex')}`,
      to: mail.to,
      subject: mail.subject,
      text: mailBody(mail),
      about: `quotation ${mail.quote.id} revision ${mail.revision.number}`,
      createdAt: at,
      attempts: 0,
      nextAttemptAt: at,
    };
    await this.ensureDirs();
    const file = join(this.dirs.pending, `${message.id}.json`);
    await writeFile(`${file}.tmp`, JSON.stringify(message), { mode: 0o600 });
    await rename(`${file}.tmp`, file);
    this.kick();
  }

  /** Starts the retry pass (every retryMs, and at once for what an earlier run left). */
  start(): void {
    this.stopped = false;
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), Math.min(this.settings.retryMs, MAX_DELAY_MS));
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
    (await this.transport?.catch(() => null))?.close();
  }

  /** A pass over the outbox now (or right after the one running). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((error: unknown) => this.logger.error(`the mail outbox could not be read: ${String(error)}`))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits for the pass running, if any (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async connect(): Promise<Transporter> {
    const { createTransport } = await import('nodemailer');
    // The timeouts beside the URL (a URL alone leaves nodemailer's own, 30 s to 10 min).
    return createTransport({
      url: this.settings.url,
      connectionTimeout: this.settings.timeoutMs,
      greetingTimeout: this.settings.timeoutMs,
      socketTimeout: this.settings.timeoutMs,
      dnsTimeout: this.settings.timeoutMs,
    });
  }

  private async ensureDirs(): Promise<void> {
    for (const dir of Object.values(this.dirs)) await mkdir(dir, { recursive: true, mode: 0o700 });
  }

  private async pass(): Promise<void> {
    await this.ensureDirs();
    await this.releaseStaleClaims();
    const names = (await readdir(this.dirs.pending)).filter((name) => name.endsWith('.json')).sort();
    let sent = 0;
    for (const name of names) {
      if (this.stopped || sent >= BATCH) return;
      const claimed = join(this.dirs.sending, name);
      try {
        await rename(join(this.dirs.pending, name), claimed);
      } catch {
        continue; // another instance took it
      }
      const message = JSON.parse(await readFile(claimed, 'utf8')) as Outgoing;
      if (message.nextAttemptAt > this.now()) {
        await rename(claimed, join(this.dirs.pending, name));
        continue;
      }
      sent++;
      await this.deliver(message, claimed, name);
    }
  }

  private async deliver(message: Outgoing, claimed: string, name: string): Promise<void> {
    try {
      const transport = await (this.transport ??= this.connect());
      await transport.sendMail({ from: this.settings.from, to: message.to, subject: message.subject, text: message.text });
      await rm(claimed, { force: true });
      this.logger.log(`${message.about} sent to ${message.to} by SMTP`);
    } catch (error) {
      const attempts = message.attempts + 1;
      const next: Outgoing = {
        ...message,
        attempts,
        nextAttemptAt: this.now() + Math.min(this.settings.retryMs * 2 ** (attempts - 1), MAX_DELAY_MS),
        lastError: error instanceof Error ? error.message : String(error),
      };
      const tooOld = this.now() - message.createdAt >= MAX_AGE_MS;
      await writeFile(claimed, JSON.stringify(next), { mode: 0o600 });
      await rename(claimed, join(tooOld ? this.dirs.failed : this.dirs.pending, name));
      if (tooOld) this.logger.error(`${message.about} for ${message.to} given up after ${attempts} attempts: ${next.lastError}`);
      else this.logger.warn(`${message.about} for ${message.to} not sent (attempt ${attempts}, kept in the outbox): ${next.lastError}`);
    }
  }

  private async releaseStaleClaims(): Promise<void> {
    for (const name of await readdir(this.dirs.sending)) {
      const file = join(this.dirs.sending, name);
      const info = await stat(file).catch(() => null);
      if (info && this.now() - info.mtimeMs > CLAIM_STALE_MS) await rename(file, join(this.dirs.pending, name)).catch(() => undefined);
    }
  }
}
