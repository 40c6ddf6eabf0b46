import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatUsd, multiplyCents, toCents } from '@kiln/domain';
import { Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';
import { eventually } from '../../deploy/test/support/eventually';
import { pdfText } from '../src/order-documents/pdf-text.test-support';
import { startSmtpServer, TestSmtpServer } from '../../services/commerce/test/support/smtp-server';

/**
 * Order and quote PDFs through the real BFF and services (spec 002 §9; ADR 0059), on records made through the
 * product's own routes: a catalog item with a recipe, a quote priced from it, sent — its e-mail reaching a real
 * SMTP server started here (KILN_SMTP_URL) — and accepted on the customer's link, which makes the order. The PDF
 * downloads as document.pdf and its text (pdftotext) holds the customer, the groups, the total; an empty bill
 * says 'No data available'; a stranger gets 404 and no bytes.
 */
let stack: Stack;
let smtp: TestSmtpServer;
let mailDir: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  mailDir = mkdtempSync(join(tmpdir(), 'kiln-mail-'));
  const options = throwawayStackOptions('pdf');
  stack = await startStack({
    ...options,
    env: { ...options.env, KILN_SMTP_URL: smtp.url, KILN_MAIL_DIR: mailDir, KILN_MAIL_FROM: 'Kiln Sales <sales@kiln.test>', KILN_SMTP_RETRY_MS: '200' },
    log: () => undefined,
    childLog: () => undefined,
  });
}, 150_000);

afterAll(async () => {
  await stack?.stop();
  await smtp?.close();
  if (mailDir) rmSync(mailDir, { recursive: true, force: true });
}, 60_000);

interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  json: any;
}

async function http(method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = (response.headers.get('content-type') ?? '').includes('json') && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : undefined;
  return { status: response.status, headers: response.headers, bytes, json };
}

async function ok(method: string, path: string, token: string, body?: unknown): Promise<any> {
  const answer = await http(method, path, token, body);
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.bytes.toString('utf8')}`);
  return answer.json;
}

async function signUp(fullName: string): Promise<{ token: string; id: string }> {
  const email = `pdf-${randomBytes(5).toString('hex')}@example.com`;
  const answer = await http('POST', '/api/auth/register', undefined, { email, password: 'correct horse', fullName });
  expect(answer.status).toBe(201);
  return { token: answer.json.token, id: answer.json.user.id };
}

const squash = (text: string) => text.replace(/\s+/g, ' ');
const totalOf = (deal: { totalPrice: number; quantity: number }) => formatUsd(multiplyCents(toCents(deal.totalPrice), deal.quantity));

function expectPdf(answer: Answer): string {
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/pdf');
  expect(answer.headers.get('content-disposition')).toBe('attachment; filename="document.pdf"');
  expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return squash(pdfText(answer.bytes));
}

function expectNoPdf(answer: Answer, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).not.toContain('application/pdf');
  expect(answer.headers.get('content-disposition')).toBeNull();
  expect(answer.bytes.subarray(0, 5).toString('latin1')).not.toBe('%PDF-');
}

let seller: { token: string; id: string };
let stranger: { token: string; id: string };
let pricedItemId: string;
let emptyItemId: string;

beforeAll(async () => {
  [seller, stranger] = await Promise.all([signUp('Sela Seller'), signUp('Stan Stranger')]);
  const model = await ok('POST', '/api/workspace/model', seller.token, { name: 'Bench model' });
  const material = await ok('POST', '/api/workspace/business-material', seller.token, {
    name: 'PLA spool',
    internalName: 'PLA-1',
    materialClass: 'weight',
    price: { strategy: 'per-weight', unit: 'kg', price: 19.99 },
    quantityInStock: { value: 30, unit: 'kg' },
  });
  const service = await ok('POST', '/api/workspace/business-service', seller.token, {
    name: 'Sanding',
    serviceClass: 'time-based-service',
    generalPrice: { value: 30, unit: 'h' },
  });
  const priced = await ok('POST', '/api/workspace/business-catalog', seller.token, { modelId: model.id, name: 'Garden bench', price: 100 });
  await ok('PATCH', `/api/workspace/business-catalog/${priced.id}`, seller.token, {
    recipe: {
      materials: [{ materialId: material.id, quantity: { value: 0.5, unit: 'kg' } }],
      services: [{ serviceId: service.id, quantity: { value: 2, unit: 'h' } }],
      marginPercent: 10,
    },
  });
  pricedItemId = priced.id;
  const other = await ok('POST', '/api/workspace/model', seller.token, { name: 'Plain model' });
  emptyItemId = (await ok('POST', '/api/workspace/business-catalog', seller.token, { modelId: other.id, name: 'Plain tile', price: 5 })).id;
}, 60_000);

const customer = { fullName: 'Zoë Ångström', email: 'zoe@example.com', phoneNumber: '+1 555-0100' };

it('a quote, then the order its customer accepted: document.pdf with the customer, bills by group, total; a stranger gets 404, no bytes', async () => {
  const quote = await ok('POST', '/api/workspace/business-product-quote', seller.token, { catalogItemId: pricedItemId, customer, quantity: 2 });
  const quoteText = expectPdf(await http('GET', `/api/workspace/business-product-quote/${quote.id}/pdf?timeZone=Europe/Paris`, seller.token));
  for (const words of [`Quote ${quote.id}`, 'Zoë Ångström', 'zoe@example.com', 'Bill of materials', 'Weight', 'PLA spool', 'Bill of services']) {
    expect(quoteText).toContain(words);
  }
  expect(quoteText).toContain('Time based');
  expect(quoteText).toContain(`Total ${totalOf(quote)}`);
  expect(quoteText).not.toContain('No data available');

  expectNoPdf(await http('GET', `/api/workspace/business-product-quote/${quote.id}/pdf`, stranger.token), 404);
  expectNoPdf(await http('GET', `/api/workspace/business-product-quote/${quote.id}/pdf`), 401);
  expectNoPdf(await http('GET', `/api/workspace/business-product-quote/${quote.id}/pdf?timeZone=Mars/Olympus`, seller.token), 400);

  // Send it: the e-mail with the customer's link reaches the SMTP server.
  const sent = await ok('PATCH', `/api/workspace/business-product-quote/${quote.id}`, seller.token, {
    status: 'quotationSent',
    expirationDays: 7,
    deliveryDays: 3,
  });
  const mail = await eventually(() => {
    const found = smtp.received.find((m) => m.to.includes('zoe@example.com'));
    expect(found).toBeDefined();
    return found!;
  }, 20_000);
  const token = /\/quote\/([A-Za-z0-9_-]{43})/.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1];
  expect(token).toBeDefined();
  expect(mail.from).toBe('sales@kiln.test');

  // The frozen revision as its own PDF; a revision it does not have is a 404.
  const revisionText = expectPdf(await http('GET', `/api/workspace/business-product-quote/${quote.id}/pdf?revision=1`, seller.token));
  expect(revisionText).toContain('Revision 1');
  expect(revisionText).toContain(`Total ${totalOf(sent.revisions[0])}`);
  expectNoPdf(await http('GET', `/api/workspace/business-product-quote/${quote.id}/pdf?revision=9`, seller.token), 404);

  // The customer accepts on the link: the order is made; its PDF.
  const accepted = await http('POST', `/api/public/quote/${token}/accept`);
  expect(accepted.status).toBe(200);
  const orderId = await eventually(async () => {
    const now = await ok('GET', `/api/workspace/business-product-quote/${quote.id}`, seller.token);
    expect(now.orderId).toEqual(expect.any(String));
    return now.orderId as string;
  });
  const order = await ok('GET', `/api/workspace/business-order/${orderId}`, seller.token);
  const orderAnswer = await http('GET', `/api/workspace/business-order/${orderId}/pdf`, seller.token);
  const orderText = expectPdf(orderAnswer);
  for (const words of [`Order ${orderId}`, 'Zoë Ångström', 'Bill of materials', 'Weight', 'Bill of services', 'Time based', 'Materials', 'Created details']) {
    expect(orderText).toContain(words);
  }
  expect(orderText).toContain(`Total ${totalOf(order)}`);
  expect(orderText).toContain('Provided services');

  const strangers = await http('GET', `/api/workspace/business-order/${orderId}/pdf`, stranger.token);
  expectNoPdf(strangers, 404);
  expect(strangers.json).toMatchObject({ statusCode: 404 });
  expectNoPdf(await http('GET', `/api/workspace/business-order/${'0'.repeat(24)}/pdf`, seller.token), 404);
}, 90_000);

it("an empty bill says 'No data available'", async () => {
  const quote = await ok('POST', '/api/workspace/business-product-quote', seller.token, { catalogItemId: emptyItemId, customer, quantity: 1 });
  const text = expectPdf(await http('GET', `/api/workspace/business-product-quote/${quote.id}/pdf`, seller.token));
  expect(text).toMatch(/Bill of materials Material Quantity Price No data available/);
  expect(text).toMatch(/Bill of services Service Quantity Unit price Price No data available/);
  expect(text).toContain(`Total ${totalOf(quote)}`);
}, 60_000);
