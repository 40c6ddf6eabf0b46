import { createHmac } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createModelViaApi, field, launchBrowser } from '../support/browser';
import { DESKTOP, expectNoHorizontalScroll, expectNoSeriousA11yViolations, signUpOnce, SMALL_PHONE, withPageAt } from '../support/layout';

/** A catalog item of the signed-in seller (from a model of theirs). */
async function catalogItem(page: Page, name: string): Promise<string> {
  const model = await createModelViaApi(page, name);
  const answer = await page.request.post('/api/workspace/business-catalog', { data: { modelId: model.id, name, price: 10 } });
  if (answer.status() !== 201) throw new Error(`catalog: ${answer.status()} ${await answer.text()}`);
  return ((await answer.json()) as { id: string }).id;
}

// Store connections (ADR 0060): connect a WooCommerce store, its endpoint and secret shown once, a signed order with an
// unknown SKU waiting for a mapping, mapped and turned into an order with the keyboard; 360 px; axe.
describe('Store connections', () => {
  let browser: Browser;
  let state: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ state } = await signUpOnce(browser, DESKTOP, 'stores'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('connects a store, keeps its unknown SKU waiting, maps it and creates the order', async () => {
    await withPageAt(browser, DESKTOP, state, async (page) => {
      await catalogItem(page, 'Desk lamp');
      await page.goto('/business/store-connections');
      await page.getByRole('heading', { name: 'Store connections', level: 1 }).waitFor();
      await page.getByText('No store is connected yet.').waitFor();
      await page.getByLabel('Platform').selectOption('woocommerce');
      await field(page, 'Name').fill('Woo shop');
      await field(page, 'Store address').fill('woo.example.com');
      await expectNoSeriousA11yViolations(page, 'store connections, connect form');
      await page.getByRole('button', { name: 'Connect', exact: true }).click();

      const created = page.getByTestId('store-created');
      await created.waitFor();
      const secret = await created.getByTestId('store-secret').inputValue();
      const endpoint = await created.getByTestId('store-endpoint').inputValue();
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(endpoint).toMatch(/\/api\/hooks\/store\/[0-9a-f]{24}$/);
      await expectNoSeriousA11yViolations(page, 'store connections, secret shown once');
      await created.getByRole('button', { name: 'Done' }).click();
      expect(await page.getByTestId('store-created').count()).toBe(0);

      // The store sends an order for a SKU nobody mapped yet.
      const raw = JSON.stringify({
        id: 727,
        number: '727',
        currency: 'USD',
        billing: { first_name: 'John', last_name: 'Doe', email: 'john.doe@example.com', phone: '555-555-5555' },
        line_items: [{ id: 315, name: 'Desk lamp (store)', sku: 'LAMP-7', quantity: 2, price: 25 }],
      });
      const hook = await page.request.post(new URL(endpoint).pathname, {
        data: raw,
        headers: { 'content-type': 'application/json', 'x-wc-webhook-signature': createHmac('sha256', secret).update(raw).digest('base64') },
      });
      expect(hook.status()).toBe(200);

      await page.reload();
      const card = page.getByTestId('store-card');
      await card.getByText('1 waiting for a mapping').waitFor();
      // The keyboard opens the connection's panel.
      const manage = card.getByRole('button', { name: 'Manage' });
      await manage.focus();
      await page.keyboard.press('Enter');
      expect(await manage.getAttribute('aria-expanded')).toBe('true');
      const waiting = page.getByTestId('needs-mapping');
      await waiting.getByRole('cell', { name: 'LAMP-7', exact: true }).waitFor();
      expect(await waiting.textContent()).toContain('John Doe');

      await field(page, 'SKU').fill('LAMP-7');
      await page.getByLabel('Catalog item for this SKU').selectOption({ label: 'Desk lamp' });
      await page.getByRole('button', { name: 'Map', exact: true }).click();
      await card.getByRole('cell', { name: 'Desk lamp', exact: true }).waitFor();
      await expectNoSeriousA11yViolations(page, 'store connections, panel');

      await page.getByRole('button', { name: 'Create order LAMP-7' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('The order was created.').waitFor();
      await page.getByText('No store order is waiting for a mapping.').waitFor();

      const orders = (await (await page.request.get('/api/workspace/business-order')).json()) as { data: { origin: string; quantity: number }[] };
      expect(orders.data).toEqual([expect.objectContaining({ origin: 'woocommerce', quantity: 2 })]);
    });
  });

  it('at 360 px: no sideways scroll, axe clean', async () => {
    await withPageAt(browser, SMALL_PHONE, state, async (page) => {
      // A second store with an order waiting, so the panel shows both of its tables.
      const answer = await page.request.post('/api/workspace/business-store-connection', {
        data: {
          platform: 'shopify',
          name: 'A shop with a rather long name for a small screen',
          shopUrl: 'a-very-long-shop-name.myshopify.com',
          secret: 'shpss_1',
        },
      });
      const store = (await answer.json()) as { id: string; endpointPath: string };
      const raw = JSON.stringify({
        id: 5123456789012,
        name: '#1001',
        email: 'someone.with.a.long.address@example.com',
        currency: 'EUR',
        customer: { first_name: 'Jane', last_name: 'Buyer' },
        line_items: [{ id: 1, sku: 'A-RATHER-LONG-SKU-0001', title: 'A product with a long title', quantity: 1, price: '12.00' }],
      });
      const hook = await page.request.post(store.endpointPath, {
        data: raw,
        headers: { 'content-type': 'application/json', 'x-shopify-hmac-sha256': createHmac('sha256', 'shpss_1').update(raw).digest('base64') },
      });
      expect(hook.status()).toBe(200);
      await page.goto('/business/store-connections');
      const card = page.getByTestId('store-card').filter({ hasText: 'A shop with a rather long name' });
      await card.getByRole('button', { name: 'Manage' }).click();
      await card.getByTestId('needs-mapping').waitFor();
      await expectNoHorizontalScroll(page, 'store connections at 360 px');
      await expectNoSeriousA11yViolations(page, 'store connections at 360 px');

      // Disconnecting asks once, in place; Keep it changes nothing, the second Disconnect removes the store.
      await card.getByRole('button', { name: 'Disconnect' }).click();
      const confirm = card.getByRole('group', { name: 'Disconnect' });
      await confirm.getByText('Disconnect this store?', { exact: false }).waitFor();
      await expectNoHorizontalScroll(page, 'store connections at 360 px, asking before disconnecting');
      await expectNoSeriousA11yViolations(page, 'store connections, asking before disconnecting');
      await page.keyboard.press('Enter'); // focus is on Keep it
      expect(await confirm.count()).toBe(0);
      await card.getByRole('button', { name: 'Disconnect' }).click();
      await card.getByRole('group', { name: 'Disconnect' }).getByRole('button', { name: 'Disconnect' }).click();
      await card.waitFor({ state: 'detached' });
      expect((await page.request.get(`/api/workspace/business-store-connection/${store.id}`)).status()).toBe(404);
    });
  });
});
