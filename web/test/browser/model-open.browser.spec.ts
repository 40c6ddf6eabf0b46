import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createModelViaApi, launchBrowser, modelItem, waitForMyModels, type TestUser } from '../support/browser';
import { contextAt, DESKTOP, expectNoSeriousA11yViolations, SMALL_PHONE, signUpOnce } from '../support/layout';

type State = Awaited<ReturnType<BrowserContext['storageState']>>;

const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

// Issue 17: a model card opened nothing (click, double-click and Enter did nothing; the card took no focus).
// A card opens its model in the mode the caller's role allows (spec 000 §2, §6): the editor for an owner,
// the viewer (/embed/{id}) for a viewer.
describe('opening a model from its card', () => {
  let browser: Browser;
  let owner: { user: TestUser; state: State };
  let friend: { user: TestUser; state: State };

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await signUpOnce(browser, DESKTOP, 'opener');
    friend = await signUpOnce(browser, DESKTOP, 'viewer');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an owner opens the editor by click, double-click and Enter, in every view', async () => {
    const { context, page } = await contextAt(browser, DESKTOP, owner.state);
    try {
      const model = await createModelViaApi(page, 'Openable gear');
      const editor = `/workspace/edit/${model.id}`;
      await page.goto('/');
      await waitForMyModels(page);

      // Click on the picture of the card.
      await modelItem(page, 'Openable gear').click({ position: { x: 30, y: 30 } });
      await page.waitForURL((url) => url.pathname === editor);
      expect(await page.getByTestId('open-model-role').textContent()).toBe('owner');
      await page.goBack();
      await waitForMyModels(page);

      // Double-click on the name: it opens once, the same place.
      await modelItem(page, 'Openable gear').getByText('Openable gear', { exact: true }).dblclick();
      await page.waitForURL((url) => url.pathname === editor);
      await page.goBack();
      await waitForMyModels(page);

      // The keyboard: the card takes focus, named by the model, and Enter opens it.
      for (const view of ['view-list', 'view-compact', 'view-grid']) {
        await page.getByTestId(view).click();
        const open = modelItem(page, 'Openable gear').getByRole('link', { name: 'Openable gear' });
        await open.focus();
        expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === editor);
        await page.goBack();
        await waitForMyModels(page);
      }
      // The menu and star on the card still do their own thing (the card's link does not cover them).
      await modelItem(page, 'Openable gear').getByTestId('model-menu-button').click();
      await page.getByRole('menu', { name: 'Actions for Openable gear' }).waitFor();
      expect(pathOf(page)).toBe('/');
      await page.keyboard.press('Escape');
      await expectNoSeriousA11yViolations(page, 'My Models with openable cards');
    } finally {
      await context.close();
    }
  });

  it('a viewer opens the viewer from Shared with me, on a 360 px phone too', async () => {
    const a = await contextAt(browser, DESKTOP, owner.state);
    const b = await contextAt(browser, SMALL_PHONE, friend.state);
    try {
      const model = await createModelViaApi(a.page, 'Viewed lamp');
      const shared = await a.page.request.patch(`/api/workspace/model/share/${model.id}`, { data: { email: friend.user.email, role: 'viewer' } });
      expect(shared.status()).toBeLessThan(300);

      await b.page.goto('/shared-models');
      const card = modelItem(b.page, 'Viewed lamp');
      await card.waitFor();
      await card.click({ position: { x: 30, y: 30 } });
      await b.page.waitForURL((url) => url.pathname === `/embed/${model.id}`);
      // The viewer (ADR 0054): full-window; a model without geometry says it is not available, named.
      await b.page.getByTestId('embed-not-available').getByRole('heading', { name: 'Viewed lamp', level: 1 }).waitFor();
      await b.page.goBack();
      await card.getByRole('link', { name: 'Viewed lamp' }).focus();
      await b.page.keyboard.press('Enter');
      await b.page.waitForURL((url) => url.pathname === `/embed/${model.id}`);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
