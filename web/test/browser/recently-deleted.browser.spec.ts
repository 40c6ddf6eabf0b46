import type { Browser, BrowserContext } from 'playwright-core';
import { createModelViaApi, eventually, launchBrowser, modelItem, modelNames, waitForMyModels } from '../support/browser';
import { contextAt, DESKTOP, expectNoHorizontalScroll, expectNoSeriousA11yViolations, SMALL_PHONE, signUpOnce } from '../support/layout';

type State = Awaited<ReturnType<BrowserContext['storageState']>>;

// Issue 17, ADR 0048: a deleted model waits 30 days in "Recently deleted", reached from My Models with the
// keyboard, and Restore brings it back into My Models, live in every open tab.
describe('Recently deleted: restoring a model', () => {
  let browser: Browser;
  let state: State;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ state } = await signUpOnce(browser, DESKTOP, 'restore'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of [DESKTOP, SMALL_PHONE]) {
    it(`lists a deleted model with its date and days left, and Restore brings it back live (${viewport.width} px)`, async () => {
      const { context, page } = await contextAt(browser, viewport, state);
      try {
        const model = await createModelViaApi(page, `Restored gear ${viewport.width}`);
        // A second tab on My Models sees the restore through the push alone.
        const other = await context.newPage();
        await other.goto('/');
        await waitForMyModels(other);
        await modelItem(other, model.name).waitFor();
        // Its socket is in its rooms (ADR 0071): no push from here on can pass it by.
        await other.locator('.live-dot--online').waitFor();

        const removed = await page.request.delete(`/api/workspace/model/${model.id}`);
        expect(removed.status()).toBe(200);
        await modelItem(other, model.name).waitFor({ state: 'detached' });

        await page.goto('/');
        await waitForMyModels(page);
        const link = page.getByRole('link', { name: 'Recently deleted' });
        await link.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL('**/recently-deleted');
        await page.getByRole('heading', { level: 1, name: 'Recently deleted' }).waitFor();
        const row = page.getByTestId('deleted-model').filter({ hasText: model.name });
        await row.waitFor();
        expect(await row.textContent()).toMatch(/Deleted .+ · 30 days left/);
        await expectNoHorizontalScroll(page, `Recently deleted at ${viewport.width} px`);
        await expectNoSeriousA11yViolations(page, 'Recently deleted');

        await row.getByRole('button', { name: `Restore ${model.name}` }).focus();
        await page.keyboard.press('Enter');
        await eventually(
          () => page.getByTestId('restore-status').textContent(),
          (text) => expect(text).toBe(`“${model.name}” is back in My Models.`),
        );
        await row.waitFor({ state: 'detached' });

        // Live in the other tab, without a reload; and in My Models here.
        await modelItem(other, model.name).waitFor();
        await page.getByRole('link', { name: 'Back to My Models' }).click();
        await waitForMyModels(page);
        expect(await modelNames(page)).toContain(model.name);
      } finally {
        await context.close();
      }
    });
  }

  // ADR 0071: a push emitted after a tab read its list and before its socket was in its rooms reaches nobody
  // there; the BFF tells the socket as it connects, and the tab fetches what it shows again.
  it('drops a model deleted while a tab was still opening its live connection', async () => {
    const { context, page } = await contextAt(browser, DESKTOP, state);
    try {
      await page.goto('/');
      await waitForMyModels(page);
      await page.locator('.live-dot--online').waitFor();
      const model = await createModelViaApi(page, 'Gone before the socket');
      await modelItem(page, model.name).waitFor();

      // The second tab's socket code is held back until the deletion has been pushed.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const other = await context.newPage();
      await other.route('**/assets/socket-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await other.goto('/');
      await waitForMyModels(other);
      await modelItem(other, model.name).waitFor();

      const removed = await page.request.delete(`/api/workspace/model/${model.id}`);
      expect(removed.status()).toBe(200);
      // The first tab hears the push: it has gone out, and the second tab had no socket to hear it.
      await modelItem(page, model.name).waitFor({ state: 'detached' });
      expect(await other.locator('.live-dot--online').count()).toBe(0);

      release();
      await other.locator('.live-dot--online').waitFor();
      await modelItem(other, model.name).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
