import type { Browser, BrowserContext } from 'playwright-core';
import { createModelViaApi, eventually, field, launchBrowser, modelItem } from '../support/browser';
import { contextAt, DESKTOP, expectNoHorizontalScroll, expectNoSeriousA11yViolations, SMALL_PHONE, signUpOnce } from '../support/layout';

type State = Awaited<ReturnType<BrowserContext['storageState']>>;

// Issue 17: on Published the product status was a 6 px dot whose meaning was only in a tooltip (nothing on a
// phone; colour alone carried it, WCAG 1.4.1), and the publish page said its success message twice.
describe('the product status on Published and the publish page', () => {
  let browser: Browser;
  let state: State;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ state } = await signUpOnce(browser, DESKTOP, 'status'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('says the status in words on every card and row, at 360 px too', async () => {
    const { context, page } = await contextAt(browser, SMALL_PHONE, state);
    try {
      const model = await createModelViaApi(page, 'Status lamp');
      const published = await page.request.post('/api/product/product', {
        data: { modelId: model.id, title: 'Status lamp', action: 'publish' },
        headers: { 'Idempotency-Key': `status-${model.id}` },
      });
      expect(published.status()).toBe(201);

      await page.goto('/published');
      const item = modelItem(page, 'Status lamp');
      await item.waitFor();
      for (const view of ['grid', 'compact', 'list']) {
        await page.evaluate((display) => localStorage.setItem('display', display), view);
        await page.reload();
        const label = item.getByText('Waiting for moderation', { exact: true });
        await eventually(
          () => label.boundingBox().catch(() => null),
          (box) => expect({ view, readable: !!box && box.width > 60 && box.height >= 12 }).toEqual({ view, readable: true }),
        );
        // Words a screen reader reads too, not only a colour.
        expect(await item.getByTestId('product-status').textContent()).toBe('Product: Waiting for moderation');
        await expectNoHorizontalScroll(page, `Published at 360 px, ${view}`);
      }
      await expectNoSeriousA11yViolations(page, 'Published at 360 px');
    } finally {
      await context.close();
    }
  });

  it('shows the success message once, in a live region', async () => {
    const { context, page } = await contextAt(browser, DESKTOP, state);
    try {
      const model = await createModelViaApi(page, 'Once lamp');
      await page.goto(`/market/publish/${model.id}`);
      await field(page, 'Title').fill('Once lamp');
      await page.getByTestId('product-publish').click();
      // The product's page is its republish page from now on; the message comes along.
      await page.waitForURL((url) => url.pathname.startsWith('/market/republish/'));
      await page.getByTestId('product-current-status').waitFor();
      await page.getByTestId('product-saved').waitFor();
      const message = 'Sent to moderation. A moderator will review it before it appears on the marketplace.';
      expect(await page.getByText(message).count()).toBe(1);
      expect(await page.getByRole('status').filter({ hasText: message }).count()).toBe(1);

      await page.getByTestId('product-draft').click();
      await eventually(
        () => page.getByText('Saved as a draft.', { exact: false }).count(),
        (n) => expect(n).toBe(1),
      );
      expect(await page.getByText(message).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
