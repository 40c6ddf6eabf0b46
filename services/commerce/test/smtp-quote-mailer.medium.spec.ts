import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Quote, QuoteRevision } from '@kiln/contracts';
import { eventually } from '../../../deploy/test/support/eventually';
import { ConfiguredQuoteMailer } from '../src/orders/adapters/configured-quote-mailer';
import { FolderQuoteMailer } from '../src/orders/adapters/folder-quote-mailer';
import { SmtpQuoteMailer, smtpSettings, type SmtpSettings } from '../src/orders/adapters/smtp-quote-mailer';
import type { QuoteMail } from '../src/orders/ports/quote-mailer.port';
import { startSmtpServer } from './support/smtp-server';

/**
 * The SMTP QuoteMailer (ADR 0059) against a real SMTP server started here (smtp-server): a message reaches the
 * server with its recipient, subject and link; a server that refuses or does not answer fails no caller — the
 * message stays in the outbox and is sent once the server takes it.
 */

const smtpServer = startSmtpServer;

/** A TCP server that takes connections and never says a word (an SMTP server hung). */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}

function aMail(to = 'zoe@example.com'): QuoteMail {
  const revision = {
    number: 1,
    totalPrice: 412.5,
    quantity: 3,
    deliveryDays: 7,
    expirationDays: 14,
    expiresAt: '2026-12-10T09:00:00.000Z',
  } as QuoteRevision;
  const quote = { id: 'b'.repeat(24), quantity: 3, catalogItem: { name: 'Garden bench' } } as unknown as Quote;
  return { to, customerName: 'Zoë Ångström', subject: 'Your quotation for Garden bench', link: 'http://kiln.test/quote/AbC_123', quote, revision };
}

let dir: string;
const mailers: SmtpQuoteMailer[] = [];
const servers: { close: () => Promise<void> }[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kiln-mail-'));
});
afterEach(async () => {
  for (const mailer of mailers.splice(0)) await mailer.stop();
  for (const server of servers.splice(0)) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function mailer(port: number, overrides: Partial<SmtpSettings> = {}): SmtpQuoteMailer {
  const settings = smtpSettings({ KILN_SMTP_URL: `smtp://127.0.0.1:${port}`, KILN_MAIL_DIR: dir, KILN_MAIL_FROM: 'Kiln Sales <sales@kiln.test>' })!;
  const made = new SmtpQuoteMailer({ ...settings, ...overrides });
  mailers.push(made);
  return made;
}
const inOutbox = (folder: 'pending' | 'sending' | 'failed') => {
  try {
    return readdirSync(join(dir, 'outbox', folder)).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
};

it('settings: SMTP only with KILN_SMTP_URL; sender, timeout and retry from the environment or their defaults', () => {
  expect(smtpSettings({})).toBeNull();
  expect(smtpSettings({ KILN_SMTP_URL: '  ' })).toBeNull();
  expect(smtpSettings({ KILN_SMTP_URL: 'smtp://mail:25', KILN_MAIL_DIR: '/srv/mail' })).toEqual({
    url: 'smtp://mail:25',
    from: 'Kiln <no-reply@localhost>',
    timeoutMs: 10_000,
    retryMs: 30_000,
    outbox: '/srv/mail/outbox',
  });
  expect(smtpSettings({ KILN_SMTP_URL: 'smtp://mail:25', KILN_SMTP_TIMEOUT_MS: '2500', KILN_SMTP_RETRY_MS: 'soon' })).toMatchObject({
    timeoutMs: 2500,
    retryMs: 30_000,
  });
});

it('the service picks SMTP when KILN_SMTP_URL is set, else the folder', () => {
  const before = process.env.KILN_SMTP_URL;
  try {
    delete process.env.KILN_SMTP_URL;
    expect((new ConfiguredQuoteMailer() as unknown as { inner: unknown }).inner).toBeInstanceOf(FolderQuoteMailer);
    process.env.KILN_SMTP_URL = 'smtp://127.0.0.1:1';
    expect((new ConfiguredQuoteMailer() as unknown as { inner: unknown }).inner).toBeInstanceOf(SmtpQuoteMailer);
  } finally {
    if (before === undefined) delete process.env.KILN_SMTP_URL;
    else process.env.KILN_SMTP_URL = before;
  }
});

it('a quotation reaches the SMTP server: its recipient, sender, subject and the link; nothing stays in the outbox', async () => {
  const server = await smtpServer();
  servers.push(server);
  await mailer(server.port).send(aMail());
  const [mail] = await eventually(() => {
    expect(server.received).toHaveLength(1);
    return server.received;
  });
  expect(mail!.to).toEqual(['zoe@example.com']);
  expect(mail!.from).toBe('sales@kiln.test');
  expect(mail!.raw).toMatch(/^Subject: Your quotation for Garden bench\r?$/m);
  expect(mail!.raw).toContain('http://kiln.test/quote/AbC_123');
  expect(mail!.raw).toContain('$1,237.50');
  expect(mail!.raw).not.toMatch(/^To: .*\r?\n\r?\n?To:/m);
  await eventually(() => expect([...inOutbox('pending'), ...inOutbox('sending')]).toEqual([]));
});

it('a server that refuses for now fails nobody: the message waits in the outbox and is sent on a later try', async () => {
  const server = await smtpServer({ refuse: 2 });
  servers.push(server);
  const m = mailer(server.port, { retryMs: 150 });
  await expect(m.send(aMail())).resolves.toBeUndefined();
  // The first try was refused: kept, with its attempt and the server's answer.
  const [file] = await eventually(() => {
    const pending = inOutbox('pending');
    expect(pending).toHaveLength(1);
    const kept = JSON.parse(readFileSync(join(dir, 'outbox', 'pending', pending[0]!), 'utf8'));
    expect(kept).toMatchObject({ to: 'zoe@example.com', attempts: 1 });
    expect(kept.lastError).toContain('451');
    return pending;
  });
  expect(file).toBeDefined();
  expect(server.received).toHaveLength(0);
  m.start();
  await eventually(() => expect(server.received).toHaveLength(1), 15_000);
  expect(server.received[0]!.raw).toContain('http://kiln.test/quote/AbC_123');
  await eventually(() => expect([...inOutbox('pending'), ...inOutbox('sending'), ...inOutbox('failed')]).toEqual([]));
}, 30_000);

it('a server that never answers: send returns, the try ends at the timeout, the message stays; another mailer sends it once a server answers', async () => {
  const silent = await silentServer();
  servers.push(silent);
  const m = mailer(silent.port, { timeoutMs: 300, retryMs: 500 });
  await m.send(aMail('late@example.com'));
  // Sent in the background: the caller was not held, the message is in the outbox.
  expect([...inOutbox('pending'), ...inOutbox('sending')]).toHaveLength(1);
  await eventually(() => {
    const pending = inOutbox('pending');
    expect(pending).toHaveLength(1);
    const kept = JSON.parse(readFileSync(join(dir, 'outbox', 'pending', pending[0]!), 'utf8'));
    expect(kept.attempts).toBe(1);
    expect(kept.lastError).toMatch(/timeout|Greeting never received/i);
  });
  await m.stop();

  // Another process (or the same after a restart) with a working server picks it up.
  const server = await smtpServer();
  servers.push(server);
  const next = mailer(server.port, { retryMs: 100 });
  const due = JSON.parse(readFileSync(join(dir, 'outbox', 'pending', inOutbox('pending')[0]!), 'utf8'));
  await eventually(() => expect(Date.now()).toBeGreaterThanOrEqual(due.nextAttemptAt), 5_000);
  next.start();
  await eventually(() => expect(server.received.map((r) => r.to)).toEqual([['late@example.com']]), 15_000);
  await eventually(() => expect(inOutbox('pending')).toEqual([]));
}, 30_000);

it('two instances share one outbox: each message goes out once; a claim left by a stopped process is taken back and sent', async () => {
  const server = await smtpServer();
  servers.push(server);
  const a = mailer(server.port, { retryMs: 100 });
  const b = mailer(server.port, { retryMs: 100 });
  b.start();
  await Promise.all(Array.from({ length: 6 }, (_, i) => a.send(aMail(`buyer${i}@example.com`))));
  await eventually(() => expect(server.received).toHaveLength(6), 15_000);
  expect(new Set(server.received.map((m) => m.to[0])).size).toBe(6);

  // A process that stopped mid-send left its claim in sending/ (11 minutes ago): it goes back and out.
  await a.send(aMail('stranded@example.com'));
  await eventually(() => expect(server.received).toHaveLength(7));
  const stranded = { id: '000000000000001-stranded', to: 'stranded2@example.com', subject: 'Left behind', text: 'Hello', about: 'a test' };
  const file = join(dir, 'outbox', 'sending', `${stranded.id}.json`);
  writeFileSync(file, JSON.stringify({ ...stranded, createdAt: Date.now(), attempts: 0, nextAttemptAt: 0 }));
  const old = new Date(Date.now() - 11 * 60 * 1000);
  utimesSync(file, old, old);
  await eventually(() => expect(server.received.map((m) => m.to[0])).toContain('stranded2@example.com'), 15_000);
  await eventually(() => expect([...inOutbox('pending'), ...inOutbox('sending')]).toEqual([]));
}, 30_000);

it('a message still refused three days after it was written is given up: moved to outbox/failed', async () => {
  const server = await smtpServer({ refuse: 100 });
  servers.push(server);
  let now = Date.parse('2026-11-26T10:00:00.000Z');
  const settings = smtpSettings({ KILN_SMTP_URL: server.url, KILN_MAIL_DIR: dir, KILN_SMTP_RETRY_MS: '1000' })!;
  const m = new SmtpQuoteMailer(settings, () => now);
  mailers.push(m);
  await m.send(aMail());
  await eventually(() => expect(JSON.parse(readFileSync(join(dir, 'outbox', 'pending', inOutbox('pending')[0]!), 'utf8')).attempts).toBe(1));
  now += 3 * 24 * 60 * 60 * 1000;
  m.kick();
  await eventually(() => expect(inOutbox('failed')).toHaveLength(1));
  expect(inOutbox('pending')).toEqual([]);
  const failed = JSON.parse(readFileSync(join(dir, 'outbox', 'failed', inOutbox('failed')[0]!), 'utf8'));
  expect(failed).toMatchObject({ to: 'zoe@example.com', attempts: 2 });
  expect(server.received).toHaveLength(0);
});
