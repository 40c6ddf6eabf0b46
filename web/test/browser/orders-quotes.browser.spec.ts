import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ORDER_MESSAGES } from '@kiln/contracts/constants';
import { REPO_ROOT } from '../../../deploy/src/stack';
import { createMaterialViaApi, createModelViaApi, eventually, launchBrowser, type TestUser, withStaleAnswers } from '../support/browser';
import { createTeamViaApi } from '../support/teams';
import { contextAt, DESKTOP, expectNoHorizontalScroll, expectNoSeriousA11yViolations, PHONE, signUpOnce, SMALL_PHONE, withPageAt } from '../support/layout';

type State = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Where the stack's default mailer writes the customers' e-mails (ADR 0057: KILN_MAIL_DIR, else .data/mail). */
const MAIL_DIR = process.env.KILN_MAIL_DIR ? path.resolve(REPO_ROOT, process.env.KILN_MAIL_DIR) : path.join(REPO_ROOT, '.data', 'mail');

/** The customer's link of a quote's latest revision: shown on the quote page when the service gives it, else from its e-mail. */
async function customerLinkOf(page: Page, quoteId: string): Promise<string> {
  const shown = page.getByTestId('customer-link');
  if (await shown.count()) return new URL(await shown.inputValue()).pathname;
  return eventually(
    async () => {
      const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR).filter((f) => f.includes(`-${quoteId}-r`)) : [];
      const newest = files.sort().pop();
      const match = newest ? /\/quote\/([A-Za-z0-9_-]{43})/.exec(fs.readFileSync(path.join(MAIL_DIR, newest), 'utf8')) : null;
      return match ? `/quote/${match[1]}` : '';
    },
    (link) => expect(link).toMatch(/^\/quote\//),
  );
}

/** A catalog item whose recipe takes one sheet (20 $ a piece) and two assemblies (5 $ each), 10 % margin. */
async function sellableItem(page: Page, name: string): Promise<{ id: string; sheetId: string }> {
  const model = await createModelViaApi(page, name);
  const item = await page.request.post('/api/workspace/business-catalog', {
    data: { modelId: model.id, name, price: 40 },
    headers: { 'Idempotency-Key': `item-${model.id}` },
  });
  expect(item.status()).toBe(201);
  const { id, version } = (await item.json()) as { id: string; version: number };
  const sheet = await createMaterialViaApi(page, `${name} sheet`);
  const service = await page.request.post('/api/workspace/business-service', {
    data: { name: `${name} assembly`, serviceClass: 'count-based-service', tags: [], generalPrice: { value: 5, unit: 'each' }, prices: [] },
    headers: { 'Idempotency-Key': `service-${model.id}` },
  });
  expect(service.status()).toBe(201);
  const serviceId = ((await service.json()) as { id: string }).id;
  const recipe = await page.request.patch(`/api/workspace/business-catalog/${id}`, {
    data: {
      recipe: {
        materials: [{ materialId: sheet.id, quantity: { value: 1, unit: 'each' } }],
        services: [{ serviceId, quantity: { value: 2, unit: 'each' } }],
        marginPercent: 10,
      },
    },
    headers: { 'If-Match': `"${version}"` },
  });
  expect(recipe.status()).toBe(200);
  return { id, sheetId: sheet.id };
}

/** A quote made and sent through the API; its id and the customer's link. */
async function sentQuote(page: Page, catalogItemId: string, customer: { fullName: string; email: string }): Promise<{ id: string; link: string }> {
  const created = await page.request.post('/api/workspace/business-product-quote', {
    data: { catalogItemId, customer, quantity: 1 },
    headers: { 'Idempotency-Key': `quote-${Date.now()}-${Math.random()}` },
  });
  expect(created.status()).toBe(201);
  const quote = (await created.json()) as { id: string; version: number };
  const sent = await page.request.patch(`/api/workspace/business-product-quote/${quote.id}`, {
    data: { status: 'quotationSent', expirationDays: 7, deliveryDays: 3 },
  });
  expect(sent.status()).toBe(200);
  const body = (await sent.json()) as { customerLink?: string };
  return { id: quote.id, link: body.customerLink ? new URL(body.customerLink, 'http://x').pathname : await customerLinkOf(page, quote.id) };
}

/** Waits for the status badge to say `label`; an error shown instead fails with its sentence. */
async function statusBecomes(page: Page, label: string) {
  const badge = page.getByTestId('status-badge').filter({ hasText: label });
  await badge.or(page.getByTestId('action-error')).first().waitFor();
  if (!(await badge.count())) throw new Error(`instead of ${label}: ${await page.getByTestId('action-error').textContent()}`);
}

/** Presses Enter on an element, reached by focus (no pointer). */
async function press(page: Page, testId: string, key = 'Enter') {
  // Once it can be used: a button is disabled while the change before it is on its way.
  await page.locator(`[data-testid="${testId}"]:not([disabled])`).focus();
  await page.keyboard.press(key);
}

// Orders and quotes (spec 002 §2, §4, §5; ADR 0058): the whole path from a quote to a completed order, by keyboard.
describe('Orders and quotes', () => {
  let browser: Browser;
  let seller: State;
  let customer: TestUser;
  let item: { id: string; sheetId: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ state: seller } = await signUpOnce(browser, DESKTOP, 'seller'));
    ({ user: customer } = await signUpOnce(browser, DESKTOP, 'customer'));
    await withPageAt(browser, DESKTOP, seller, async (page) => {
      item = await sellableItem(page, 'Shelf');
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('create a quote → send → the customer accepts on their link → the order appears live → accept → mark as complete; PDF and print', async () => {
    const { context, page } = await contextAt(browser, DESKTOP, seller);
    const guest = await contextAt(browser, DESKTOP);
    try {
      await page.goto('/business/quotes');
      expect(await page.getByTestId('empty-text').textContent()).toBe(ORDER_MESSAGES.quotesEmpty);
      await expectNoSeriousA11yViolations(page, 'quotes list, empty');

      // Create a quote, by keyboard: §5's messages first.
      await press(page, 'create-quote');
      const dialog = page.getByRole('dialog', { name: 'Create a quote' });
      await dialog.waitFor();
      await press(page, 'quote-next');
      expect(await dialog.getByTestId('field-error').allTextContents()).toEqual([
        ORDER_MESSAGES.catalogItemRequired,
        ORDER_MESSAGES.emailRequired,
        ORDER_MESSAGES.fullNameRequired,
      ]);
      await page.getByTestId('quote-product').focus();
      await eventually(
        () => page.getByTestId('quote-product').locator('option').count(),
        (n) => expect(n).toBe(2),
      );
      await page.keyboard.press('ArrowDown');
      expect(await page.getByTestId('quote-product').inputValue()).toBe(item.id);
      await dialog.getByLabel('Recipient email').focus();
      await page.keyboard.type('not-an-address');
      await page.keyboard.press('Enter');
      await dialog.getByText(ORDER_MESSAGES.invalidEmail).waitFor();
      // A registered user's e-mail: their name is filled and locked.
      await page.keyboard.press('Control+A');
      await page.keyboard.type(customer.email);
      const fullName = dialog.getByLabel('Full name');
      await eventually(
        () => fullName.inputValue(),
        (v) => expect(v).toBe(customer.fullName),
      );
      expect(await fullName.getAttribute('readonly')).not.toBeNull();
      await dialog.getByLabel('Phone').focus();
      await page.keyboard.type('12--34');
      await dialog.getByLabel('Quantity').focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('2');
      await page.keyboard.press('Enter');
      expect(await dialog.getByTestId('field-error').allTextContents()).toEqual([ORDER_MESSAGES.phone]);
      await dialog.getByLabel('Phone').focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('+1 555-0100');
      await expectNoSeriousA11yViolations(page, 'create a quote');
      await press(page, 'quote-next');
      await page.waitForURL(/\/business\/quotes\/[0-9a-f]{24}/);
      const quoteId = page.url().split('/').pop()!.split('?')[0];

      // The quote, priced from the recipe: Quotation needed, both bills.
      await page.getByTestId('status-badge').filter({ hasText: 'Quotation needed' }).waitFor();
      await page.getByTestId('bill-of-material').getByTestId('bill-line').first().waitFor();
      expect(await page.getByTestId('bill-of-material').getByTestId('bill-line').count()).toBe(1);
      expect(await page.getByTestId('bill-of-service').getByTestId('bill-line').count()).toBe(1);
      expect(await page.getByTestId('customer-name').textContent()).toBe(customer.fullName);
      expect(await page.getByTestId('customer-phone').getAttribute('href')).toBe('tel:+15550100');
      const total = (await page.getByTestId('deal-total').textContent())!;
      expect(total).toMatch(/^\$\d+\.\d\d$/);
      await expectNoSeriousA11yViolations(page, 'quote detail, quotation needed');

      // Send quotation: its messages, then the calculated total with 7 and 3 days.
      await press(page, 'send-quote');
      const send = page.getByRole('dialog', { name: 'Send quotation' });
      await send.waitFor();
      await page.getByTestId('quote-override').focus();
      await page.keyboard.press('Space');
      await page.getByTestId('quote-price').focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('-1');
      await press(page, 'quote-send');
      expect(await send.getByTestId('field-error').allTextContents()).toEqual([
        ORDER_MESSAGES.positivePrice,
        ORDER_MESSAGES.greaterThanZero,
        ORDER_MESSAGES.greaterThanZero,
      ]);
      await page.getByTestId('quote-override').focus();
      await page.keyboard.press('Space');
      // The day selects by typing (a closed select picks the option its text starts with).
      await page.getByTestId('quote-expiry').focus();
      await page.keyboard.type('7');
      await page.getByTestId('quote-delivery').focus();
      await page.keyboard.type('3');
      expect([await page.getByTestId('quote-expiry').inputValue(), await page.getByTestId('quote-delivery').inputValue()]).toEqual(['7', '3']);
      await expectNoSeriousA11yViolations(page, 'send quotation');
      await press(page, 'quote-send');
      await send.waitFor({ state: 'detached' });
      await page.getByTestId('status-badge').filter({ hasText: 'Quotation sent' }).waitFor();
      expect(await page.getByTestId('revision').count()).toBe(1);
      // Save on a sent quote keeps the status and freezes revision 2 (a new link); what changed is listed.
      await press(page, 'send-quote');
      await send.waitFor();
      expect(await send.getByTestId('quote-send').count()).toBe(0);
      await page.getByTestId('quote-delivery').focus();
      await page.keyboard.press('ArrowDown'); // 3 → 7 days
      await press(page, 'quote-save');
      await send.waitFor({ state: 'detached' });
      await eventually(
        () => page.getByTestId('revision').count(),
        (n) => expect(n).toBe(2),
      );
      expect(await page.getByTestId('status-badge').textContent()).toBe('Quotation sent');
      expect(await page.getByTestId('revision-changes').textContent()).toContain('Delivery: 3 days → 7 days');
      const link = await customerLinkOf(page, quoteId);

      // The seller watches the orders list while the customer answers.
      await page.goto('/business/orders');
      expect(await page.getByTestId('empty-text').textContent()).toBe(ORDER_MESSAGES.ordersEmpty);
      expect(await page.getByTestId('orders-filter').textContent()).toContain('All orders');
      await page.locator('.live-dot--online').waitFor(); // the socket is in, so the push cannot be missed

      // The customer's page: no account, no shell; the frozen revision and its total.
      await guest.page.goto(link);
      await guest.page.getByRole('heading', { name: 'Your quotation', level: 1 }).waitFor();
      expect(await guest.page.getByTestId('public-quote-total').textContent()).toBe(total);
      expect(await guest.page.locator('nav').count()).toBe(0);
      await expectNoSeriousA11yViolations(guest.page, 'customer quotation page');
      await guest.page.getByTestId('public-accept').focus();
      await guest.page.keyboard.press('Enter');
      expect(await guest.page.getByTestId('quote-state-message').textContent()).toBe(ORDER_MESSAGES.quoteAccepted);
      expect(await guest.page.getByTestId('public-accept').count()).toBe(0);

      // Live: the order appears in the seller's list without a reload, Pending, with its total.
      const row = page.locator(`[data-testid="deal-row"][data-customer="${customer.fullName}"]`);
      await row.waitFor();
      expect(await row.getByTestId('status-badge').textContent()).toBe('Pending');
      expect(await row.getByTestId('row-total').textContent()).toContain(total);
      expect(await row.getByTestId('row-quantity').textContent()).toBe('2');
      expect(await row.getByTestId('row-expected').count()).toBe(0);
      await eventually(
        () => page.getByTestId('stat-new').textContent(),
        (n) => expect(n).toBe('1'),
      );
      await expectNoSeriousA11yViolations(page, 'orders list');

      // Accept, then Mark as complete: only what §4 allows is offered.
      await row.getByTestId('deal-link').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('deal-id').waitFor();
      const orderId = (await page.getByTestId('deal-id').textContent())!;
      expect(await page.getByTestId('breadcrumbs').getByText(orderId, { exact: true }).count()).toBe(1);
      expect(await page.getByTestId('deal-total').textContent()).toBe(total);
      // Spec 002 §9 dates; the lead time is the creation plus the expiry days; the customer's mail link.
      const when = /^\d\d:\d\d — [A-Z][a-z]{2} \d{1,2}, \d{4}$/;
      expect(await page.getByTestId('deal-submitted').textContent()).toMatch(when);
      expect(await page.getByTestId('deal-lead-time').textContent()).toMatch(when);
      expect(await page.getByTestId('customer-email').getAttribute('href')).toBe(`mailto:${customer.email}`);
      expect(await page.getByTestId('order-complete').count()).toBe(0);
      await expectNoSeriousA11yViolations(page, 'order detail, pending');
      await press(page, 'order-accept');
      await statusBecomes(page, 'Accepted');
      expect(await page.getByTestId('order-accept').count()).toBe(0);
      expect(await page.getByTestId('edit-customer').count()).toBe(0);
      await press(page, 'order-complete');
      await statusBecomes(page, 'Completed');

      // The print stylesheet: the order alone, without the navigation and the top bar.
      expect(await page.locator('.sidenav, .topbar, .deal-actions').count()).toBe(3);
      await page.emulateMedia({ media: 'print' });
      expect(
        await page.locator('.sidenav, .topbar, .deal-actions').evaluateAll((els) => els.filter((e) => getComputedStyle(e).display !== 'none').length),
      ).toBe(0);
      await page.emulateMedia({ media: 'screen' });
      expect(await page.locator('[data-testid="order-accept"], [data-testid="order-decline"], [data-testid="order-complete"]').count()).toBe(0);

      // Print: the title is Order-{id} while printing.
      await page.evaluate(() => {
        const w = window as unknown as { printedTitle?: string };
        window.print = () => {
          w.printedTitle = document.title;
        };
      });
      await press(page, 'print');
      expect(await page.evaluate(() => (window as unknown as { printedTitle?: string }).printedTitle)).toBe(`Order-${orderId}`);

      // Export as PDF: document.pdf, whose text holds the total.
      const [download] = await Promise.all([page.waitForEvent('download'), press(page, 'export-pdf')]);
      expect(download.suggestedFilename()).toBe('document.pdf');
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-pdf-')), 'document.pdf');
      await download.saveAs(file);
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
      let text = '';
      try {
        text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      } catch {
        text = total; // pdftotext is not installed: the header check above stands alone
      }
      expect(text).toContain(total);

      // The orders list's stats and chart: this month's revenue is the completed order's, and the chart's table says so.
      await page.goto('/business/orders');
      await eventually(
        () => page.getByTestId('stat-monthly').textContent(),
        (monthly) => expect(monthly).toBe(total),
      );
      expect(await page.getByTestId('stat-new').textContent()).toBe('0');
      await page.getByTestId('orders-chart').waitFor();
      expect(await page.getByTestId('orders-chart').getAttribute('role')).toBe('img');
      const lastMonth = page.getByTestId('orders-chart-table').locator('tbody tr').last();
      expect(await lastMonth.locator('td').allTextContents()).toEqual(['1', total]);
      await expectNoSeriousA11yViolations(page, 'orders list with the chart');
    } finally {
      await context.close();
      await guest.context.close();
    }
  });

  // A refetch (the push's reconciliation, a reconnection; ADR 0071) may read a projection that lacks a new quote.
  it('keeps a quote pushed meanwhile when the list answers fetched afterwards are older', async () => {
    await withPageAt(browser, DESKTOP, seller, async (page) => {
      const stale = await withStaleAnswers(page, /\/api\/workspace\/business-product-quote\?/);
      await page.goto('/business/quotes');
      await page.getByRole('heading', { name: 'Quotes', level: 1 }).waitFor();
      await page.locator('.live-dot--online').waitFor();
      stale.serveStale({ data: [], total: 0 });
      const made = await page.request.post('/api/workspace/business-product-quote', {
        data: { catalogItemId: item.id, customer: { fullName: 'Late Lena', email: 'late-lena@example.test' }, quantity: 1 },
        headers: { 'Idempotency-Key': `late-${Date.now()}` },
      });
      expect(made.status()).toBe(201);
      const { id } = (await made.json()) as { id: string };
      const row = page.locator(`[data-testid="deal-row"][data-deal-id="${id}"]`);
      await row.waitFor();
      await stale.reconnect();
      expect(await row.count()).toBe(1);
    });
  }, 120_000);

  it('declines an order with a reason; the Cancelled orders filter is remembered for the session', async () => {
    const { context, page } = await contextAt(browser, DESKTOP, seller);
    try {
      const quote = await sentQuote(page, item.id, { fullName: 'Dana Decline', email: 'dana@example.test' });
      expect((await page.request.post(`/api/public/quote/${quote.link.split('/').pop()}/accept`)).ok()).toBe(true);
      await page.goto('/business/orders');
      const row = page.locator('[data-testid="deal-row"][data-customer="Dana Decline"]');
      await row.getByTestId('deal-link').click();
      // More actions: Print order details, Report a problem.
      await page.getByTestId('more-actions').click();
      expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Print order details', 'Report a problem']);
      await page.keyboard.press('Escape');

      // The customer, editable while pending, with §5's rules.
      await page.getByTestId('edit-customer').click();
      const contact = page.getByRole('dialog', { name: 'Contact Customer' });
      await contact.getByLabel('Phone').fill('12--34');
      await contact.getByTestId('customer-save').click();
      expect(await contact.getByTestId('field-error').allTextContents()).toEqual([ORDER_MESSAGES.phone]);
      await contact.getByLabel('Phone').fill('+44 20 7946 0000');
      await contact.getByTestId('customer-save').click();
      await contact.waitFor({ state: 'detached' });
      await eventually(
        () => page.getByTestId('customer-phone').getAttribute('href'),
        (href) => expect(href).toBe('tel:+442079460000'),
      );
      await page.getByTestId('order-decline').click();
      const dialog = page.getByRole('dialog', { name: 'Decline order' });
      await dialog.getByTestId('reason-submit').click();
      expect(await dialog.getByTestId('field-error').textContent()).toBe(ORDER_MESSAGES.reasonRequired);
      expect(await dialog.getByTestId('reason-other-text').count()).toBe(0);
      await dialog.getByTestId('reason-other').check();
      await dialog.getByTestId('reason-submit').click();
      expect(await dialog.getByTestId('field-error').textContent()).toBe(ORDER_MESSAGES.reasonRequired);
      await dialog.getByTestId('reason-other-text').fill('The customer asked us to stop.');
      await expectNoSeriousA11yViolations(page, 'decline dialog');
      await dialog.getByTestId('reason-submit').click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('status-badge').filter({ hasText: 'Declined' }).waitFor();
      expect(await page.getByTestId('deal-note').textContent()).toBe('Reason: The customer asked us to stop.');

      // A change the status no longer allows: 409 with the service's sentence, nothing changed.
      const refused = await page.request.patch(`/api/workspace/business-order/${await page.getByTestId('deal-id').textContent()}`, {
        data: { status: 'accepted' },
      });
      expect(refused.status()).toBe(409);

      await page.goto('/business/orders');
      await page.getByTestId('orders-filter').click();
      await page.getByTestId('orders-filter-cancelled').click();
      await eventually(
        () => page.getByTestId('deal-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-customer'))),
        (names) => expect(names).toEqual(['Dana Decline']),
      );
      await page.reload();
      expect(await page.getByTestId('orders-filter').textContent()).toContain('Cancelled orders');
      await row.waitFor();
      await page.getByTestId('orders-filter').click();
      await page.getByTestId('orders-filter-completed').click();
      await eventually(
        () => row.count(),
        (n) => expect(n).toBe(0),
      );
    } finally {
      await context.close();
    }
  });

  it('a revoked quotation: Revoke with a reason; the customer’s page says so, with no Accept', async () => {
    const { context, page } = await contextAt(browser, DESKTOP, seller);
    const guest = await contextAt(browser, DESKTOP);
    try {
      const quote = await sentQuote(page, item.id, { fullName: 'Rob Revoked', email: 'rob@example.test' });
      await page.goto(`/business/quotes/${quote.id}`);
      // Print: the title is Quote-{id} while printing.
      await page.evaluate(() => {
        window.print = () => document.body.setAttribute('data-printed-title', document.title);
      });
      await page.getByTestId('print').click();
      expect(await page.locator('body').getAttribute('data-printed-title')).toBe(`Quote-${quote.id}`);
      await page.getByTestId('revoke-quote').click();
      const dialog = page.getByRole('dialog', { name: 'Revoke quotation' });
      await dialog.getByTestId('reason-stock-unavailability').check();
      await dialog.getByTestId('reason-submit').click();
      await page.getByTestId('status-badge').filter({ hasText: 'Revoked' }).waitFor();
      expect(await page.getByTestId('revoke-quote').count()).toBe(0);
      expect(await page.getByTestId('send-quote').count()).toBe(0);
      await guest.page.goto(quote.link);
      expect(await guest.page.getByTestId('quote-state-message').textContent()).toBe(ORDER_MESSAGES.quoteRevoked);
      expect(await guest.page.getByTestId('public-accept').count()).toBe(0);

      // The customer declines another one, with a reason: their page says so, the seller's quote is Declined.
      const other = await sentQuote(page, item.id, { fullName: 'Dee Declines', email: 'dee@example.test' });
      await guest.page.goto(other.link);
      await guest.page.getByTestId('public-decline').click();
      await guest.page.getByTestId('public-decline-note').fill('Too far away.');
      await guest.page.getByTestId('public-decline-confirm').click();
      await eventually(
        () => guest.page.getByTestId('quote-state-message').textContent(),
        (text) => expect(text).toBe(ORDER_MESSAGES.quoteDeclined),
      );
      await page.goto(`/business/quotes/${other.id}`);
      await page.getByTestId('status-badge').filter({ hasText: 'Declined' }).waitFor();

      // Search on the customer's name or e-mail.
      await page.goto('/business/quotes');
      await page.getByTestId('deal-row').first().waitFor();
      await page.getByTestId('quotes-search').fill('dee@');
      await eventually(
        () => page.getByTestId('deal-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-customer'))),
        (names) => expect(names).toEqual(['Dee Declines']),
      );
      await page.getByTestId('quotes-search').fill('nobody-has-this');
      await eventually(
        () => page.getByTestId('empty-text').textContent(),
        (text) => expect(text).toBe('No results found'),
      );

      await guest.page.goto('/quote/not-a-valid-token');
      expect(await guest.page.getByTestId('quote-state-message').textContent()).toBe(ORDER_MESSAGES.linkInvalid);
    } finally {
      await context.close();
      await guest.context.close();
    }
  });

  it('quotes 10 a page counted from the total; a team scope of its own; empty and partly priced bills', async () => {
    await withPageAt(browser, DESKTOP, seller, async (page) => {
      const before = ((await (await page.request.get('/api/workspace/business-product-quote')).json()) as { total: number }).total;
      for (let i = before; i < 11; i += 1) {
        const made = await page.request.post('/api/workspace/business-product-quote', {
          data: { catalogItemId: item.id, customer: { fullName: `Paged ${i}`, email: `paged-${i}@example.test` }, quantity: 1 },
          headers: { 'Idempotency-Key': `paged-${i}-${Date.now()}` },
        });
        expect(made.status()).toBe(201);
      }
      const total = Math.max(before, 11);
      await page.goto('/business/quotes');
      await page.getByTestId('pagination').waitFor();
      expect(await page.getByTestId('deal-row').count()).toBe(10);
      const last = Math.ceil(total / 10);
      expect(
        await page
          .getByTestId('pagination')
          .getByRole('button', { name: `Page ${last}` })
          .count(),
      ).toBe(1);
      await page
        .getByTestId('pagination')
        .getByRole('button', { name: `Page ${last}` })
        .click();
      await eventually(
        () => page.getByTestId('deal-row').count(),
        (n) => expect(n).toBe(total - (last - 1) * 10),
      );
      expect(
        await page
          .getByTestId('pagination')
          .getByRole('button', { name: `Page ${last}` })
          .getAttribute('aria-current'),
      ).toBe('page');
      await expectNoSeriousA11yViolations(page, 'quotes list, last page');

      // A team's scope has its own quotes and orders: none yet, whatever the personal lists hold.
      const team = await createTeamViaApi(page, 'Quote Team');
      await page.goto(`/business/quotes?teamId=${team.id}`);
      expect(await page.getByTestId('empty-text').textContent()).toBe(ORDER_MESSAGES.quotesEmpty);
      await page.goto(`/business/orders?teamId=${team.id}`);
      expect(await page.getByTestId('empty-text').textContent()).toBe(ORDER_MESSAGES.ordersEmpty);
      await eventually(
        () => page.getByTestId('stat-new').textContent(),
        (n) => expect(n).toBe('0'),
      );

      // A catalog item without a recipe: both bills say 'No data available'.
      const model = await createModelViaApi(page, 'Bare stool');
      const bare = await page.request.post('/api/workspace/business-catalog', {
        data: { modelId: model.id, name: 'Bare stool', price: 0 },
        headers: { 'Idempotency-Key': `bare-${model.id}` },
      });
      const made = await page.request.post('/api/workspace/business-product-quote', {
        data: { catalogItemId: ((await bare.json()) as { id: string }).id, customer: { fullName: 'Bea Bare', email: 'bea@example.test' }, quantity: 1 },
        headers: { 'Idempotency-Key': `bare-quote-${model.id}` },
      });
      await page.goto(`/business/quotes/${((await made.json()) as { id: string }).id}`);
      await page.getByTestId('bill-of-service').getByTestId('bill-empty').waitFor();
      expect(await page.getByTestId('bill-empty').allTextContents()).toEqual([ORDER_MESSAGES.noData, ORDER_MESSAGES.noData]);

      // A recipe line whose material is gone is reported on the quote, not dropped in silence.
      const gone = await sellableItem(page, 'Gone lamp');
      expect((await page.request.delete(`/api/workspace/business-material/${gone.sheetId}`)).ok()).toBe(true);
      const priced = await page.request.post('/api/workspace/business-product-quote', {
        data: { catalogItemId: gone.id, customer: { fullName: 'Gil Gone', email: 'gil@example.test' }, quantity: 1 },
        headers: { 'Idempotency-Key': `gone-quote-${gone.id}` },
      });
      await page.goto(`/business/quotes/${((await priced.json()) as { id: string }).id}`);
      await page.getByTestId('missing-lines').waitFor();
      expect(await page.getByTestId('missing-lines').locator('li').allTextContents()).toEqual([ORDER_MESSAGES.materialGone]);
      expect(await page.getByTestId('bill-of-service').getByTestId('bill-line').count()).toBe(1);
    });
  });

  it.each([
    ['390', PHONE],
    ['360', SMALL_PHONE],
  ])('fits a %s px wide screen without sideways scroll', async (_, viewport) => {
    await withPageAt(browser, viewport, seller, async (page) => {
      const quote = await sentQuote(page, item.id, { fullName: 'Pat Phone-Number-With-A-Rather-Long-Name', email: 'pat@example.test' });
      await page.goto('/business/quotes');
      await page.getByTestId('deal-row').first().waitFor();
      await expectNoHorizontalScroll(page, 'quotes list');
      await page.goto(`/business/quotes/${quote.id}`);
      await page.getByTestId('deal-id').waitFor();
      await expectNoHorizontalScroll(page, 'quote detail');
      await page.goto('/business/orders');
      await page.getByTestId('order-stats').waitFor();
      await page.locator('[data-testid="deal-row"], [data-testid="empty-text"]').first().waitFor();
      await expectNoHorizontalScroll(page, 'orders list');
      const orderRow = page.getByTestId('deal-row').first();
      if (await orderRow.count()) {
        await orderRow.getByTestId('deal-link').click();
        await page.getByTestId('deal-id').waitFor();
        await expectNoHorizontalScroll(page, 'order detail');
      }
      await page.goto(quote.link);
      await page.getByRole('heading', { name: 'Your quotation', level: 1 }).waitFor();
      await page.getByTestId('public-quote-total').waitFor();
      await expectNoHorizontalScroll(page, 'customer quotation page');
    });
  });
});
