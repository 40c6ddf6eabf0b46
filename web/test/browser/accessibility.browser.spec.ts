import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createModelViaApi, launchBrowser, modelItem, waitForMyModels } from '../support/browser';
import { contextAt, withPageAt, DESKTOP, expectNoSeriousA11yViolations, PHONE, signUpOnce, type Viewport } from '../support/layout';

// axe-core on every screen, dialog and menu, on a phone and on a desktop: no serious or critical violations
// (contrast, names, roles, focus; issue 6).
describe('accessibility (axe-core)', () => {
  let browser: Browser;
  let state: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ state } = await signUpOnce(browser, DESKTOP, 'axe'));
    const { context, page } = await contextAt(browser, DESKTOP, state);
    await createModelViaApi(page, 'Anvil');
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const at = (viewport: Viewport, signedIn: boolean, run: (page: Page) => Promise<void>) => withPageAt(browser, viewport, signedIn ? state : undefined, run);

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('finds nothing serious on the %s', async (label, viewport) => {
    await at(viewport, false, async (page) => {
      await page.goto('/signin');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await expectNoSeriousA11yViolations(page, `${label}: sign in`);
      // With the messages shown.
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByTestId('field-error').first().waitFor();
      await expectNoSeriousA11yViolations(page, `${label}: sign in with errors`);
      await page.goto('/signup');
      await page.getByRole('button', { name: 'Sign up' }).waitFor();
      await expectNoSeriousA11yViolations(page, `${label}: sign up`);
    });

    await at(viewport, true, async (page) => {
      await page.goto('/');
      await waitForMyModels(page);
      await modelItem(page, 'Anvil').waitFor();
      await page.locator('.live-dot--online').waitFor();
      for (const view of ['grid', 'compact', 'list'] as const) {
        await page.getByTestId(`view-${view}`).click();
        await expectNoSeriousA11yViolations(page, `${label}: My Models ${view}`);
      }

      await modelItem(page, 'Anvil').getByTestId('model-menu-button').click();
      await page.getByRole('menu', { name: 'Actions for Anvil' }).waitFor();
      await expectNoSeriousA11yViolations(page, `${label}: model menu`);
      await page.keyboard.press('Escape');

      await page.getByTestId('sort-menu').click();
      await page.getByRole('menu', { name: 'Sort' }).waitFor();
      await expectNoSeriousA11yViolations(page, `${label}: sort menu`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: /^User menu for / }).click();
      await page.getByRole('menu', { name: 'User menu' }).waitFor();
      await expectNoSeriousA11yViolations(page, `${label}: user menu`);
      await page.keyboard.press('Escape');

      await page.getByTestId('new-model-button').click();
      const create = page.getByRole('dialog', { name: 'New Model' });
      await create.waitFor();
      await expectNoSeriousA11yViolations(page, `${label}: New Model`);
      await create.getByLabel('Name', { exact: true }).fill('a!');
      await create.getByTestId('field-error').first().waitFor();
      await expectNoSeriousA11yViolations(page, `${label}: New Model with errors`);
      await page.keyboard.press('Escape');

      for (const [entry, title] of [
        ['rename', 'Rename model'],
        ['delete', 'Delete model'],
      ] as const) {
        await modelItem(page, 'Anvil').getByTestId('model-menu-button').click();
        await page.getByTestId(`model-menu-${entry}`).click();
        await page.getByRole('dialog', { name: title }).waitFor();
        await expectNoSeriousA11yViolations(page, `${label}: ${title}`);
        await page.keyboard.press('Escape');
      }

      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Favorites' }).waitFor();
        await expectNoSeriousA11yViolations(page, `${label}: navigation drawer`);
        await page.keyboard.press('Escape');
      }

      await page.getByTestId('search-input').fill('nothing like this');
      await page.getByTestId('empty-text').waitFor();
      await expectNoSeriousA11yViolations(page, `${label}: Nothing found`);

      await page.goto('/business/orders');
      await page.getByRole('heading', { name: 'Orders' }).waitFor();
      await expectNoSeriousA11yViolations(page, `${label}: orders list`);
    });
  });
});
