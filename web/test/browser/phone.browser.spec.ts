import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createModelViaApi, launchBrowser, modelItem, modelNames, eventually, waitForMyModels, type TestUser } from '../support/browser';
import { contextAt, expectFullyShown, expectNoHorizontalScroll, PHONE, signUpOnce, SMALL_PHONE, type Viewport } from '../support/layout';

// The main flows on a 390x844 phone, and the fit of every screen at 360 and 390 px wide (issue 6).
describe('phone-sized screens', () => {
  let browser: Browser;
  let user: TestUser;
  let state: Awaited<ReturnType<BrowserContext['storageState']>>;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    // Signing up is itself one of the flows: done once, at phone size, and the session reused below.
    ({ user, state } = await signUpOnce(browser, PHONE, 'phone'));
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  const open = async (viewport: Viewport, signedIn = true): Promise<Page> => {
    const opened = await contextAt(browser, viewport, signedIn ? state : undefined);
    context = opened.context;
    return opened.page;
  };

  it('creates, renames and deletes a model at 390x844 with every button fully on screen', async () => {
    const page = await open(PHONE);
    await page.goto('/');
    await waitForMyModels(page);

    await expectFullyShown(page.getByTestId('new-model-button'), 'New Model button');
    await page.getByTestId('new-model-button').click();
    const create = page.getByRole('dialog', { name: 'New Model' });
    await expectFullyShown(create.getByRole('button', { name: 'Create' }), 'Create');
    await expectFullyShown(create.getByRole('button', { name: 'Cancel' }), 'Cancel');
    await expectNoHorizontalScroll(page, 'New Model dialog');
    // The full-screen sheet keeps focus inside, as the dialog does on a desktop.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await create.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await create.getByLabel('Name', { exact: true }).fill('Phone bracket');
    await create.getByRole('button', { name: 'Create' }).click();
    await create.waitFor({ state: 'detached' });
    await modelItem(page, 'Phone bracket').waitFor();

    await modelItem(page, 'Phone bracket').getByTestId('model-menu-button').click();
    const menu = page.getByRole('menu', { name: 'Actions for Phone bracket' });
    await expectFullyShown(menu.getByTestId('model-menu-rename'), 'Rename item');
    await expectFullyShown(menu.getByTestId('model-menu-delete'), 'Delete item');
    await expectNoHorizontalScroll(page, 'model menu');
    await menu.getByTestId('model-menu-rename').click();
    const rename = page.getByRole('dialog', { name: 'Rename model' });
    await expectFullyShown(rename.getByRole('button', { name: 'Rename' }), 'Rename button');
    await rename.getByLabel('Name', { exact: true }).fill('Phone bracket v2');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rename.waitFor({ state: 'detached' });
    await modelItem(page, 'Phone bracket v2').waitFor();

    await modelItem(page, 'Phone bracket v2').getByTestId('model-menu-button').click();
    await page.getByRole('menu', { name: 'Actions for Phone bracket v2' }).getByTestId('model-menu-delete').click();
    const remove = page.getByRole('dialog', { name: 'Delete model' });
    await remove.getByLabel('Model name', { exact: true }).fill('Phone bracket v2');
    await expectFullyShown(remove.getByRole('button', { name: 'Delete' }), 'Delete button');
    await expectNoHorizontalScroll(page, 'Delete dialog');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await remove.waitFor({ state: 'detached' });
    await eventually(
      () => modelNames(page),
      (names) => expect(names).not.toContain('Phone bracket v2'),
    );
  });

  it.each([SMALL_PHONE, PHONE])('fits $width px: no sideways scrolling on any screen, names shown in every view, tools reachable', async (viewport) => {
    const page = await open(viewport);
    const names = ['Gear housing with a long name that has to be cut somewhere', 'Bolt'];
    for (const name of names) await createModelViaApi(page, `${name} ${viewport.width}`);
    await page.goto('/');
    await waitForMyModels(page);
    await modelItem(page, `Bolt ${viewport.width}`).waitFor();

    // The top bar keeps the bell and the user menu on screen.
    await expectFullyShown(page.getByRole('button', { name: 'Notifications' }), 'bell');
    await expectFullyShown(page.getByRole('button', { name: `User menu for ${user.fullName}` }), 'user menu button');
    await expectFullyShown(page.getByRole('button', { name: 'Open navigation' }), 'navigation button');
    await expectFullyShown(page.getByTestId('search-input'), 'search');

    for (const view of ['grid', 'compact', 'list'] as const) {
      await page.getByTestId(`view-${view}`).click();
      await expectNoHorizontalScroll(page, `${view} view`);
      // Every name has room: wider than 40 px and inside the window.
      const widths = await page.locator('[data-testid="model-item"] .model-name').evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().width));
      expect({ view, tooNarrow: widths.filter((w) => w < 40) }).toEqual({ view, tooNarrow: [] });
      await expectFullyShown(page.locator(`[data-testid="model-item"][data-model-name="Bolt ${viewport.width}"] .model-name`), `${view}: name`);
    }

    // In the list view the header's labels do not overlap one another.
    const header = await page.locator('.models-list-header > span').evaluateAll((nodes) =>
      nodes
        .map((n) => n.getBoundingClientRect())
        .filter((r) => r.width > 0)
        .map((r) => [r.left, r.right] as const),
    );
    for (let i = 1; i < header.length; i++) expect(header[i][0]).toBeGreaterThanOrEqual(header[i - 1][1]);

    await page.getByTestId('sort-menu').click();
    await page.getByRole('menu', { name: 'Sort' }).waitFor();
    await expectNoHorizontalScroll(page, 'sort menu');
    await expectFullyShown(page.getByTestId('sort-order-DESC'), 'sort menu item');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: `User menu for ${user.fullName}` }).click();
    await expectFullyShown(page.getByRole('menuitem', { name: 'Logout' }), 'Logout');
    await expectNoHorizontalScroll(page, 'user menu');
    await page.keyboard.press('Escape');

    await page.getByTestId('new-model-button').click();
    await expectFullyShown(page.getByRole('dialog', { name: 'New Model' }).getByRole('button', { name: 'Create' }), 'Create');
    await expectNoHorizontalScroll(page, 'New Model dialog');
    await page.keyboard.press('Escape');

    await page.goto('/business/orders');
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await expectNoHorizontalScroll(page, 'orders list');

    const signedOut = await contextAt(browser, viewport);
    try {
      for (const path of ['/signin', '/signup']) {
        await signedOut.page.goto(path);
        await signedOut.page.getByRole('button', { name: path === '/signin' ? 'Sign in' : 'Sign up' }).waitFor();
        await expectNoHorizontalScroll(signedOut.page, path);
      }
    } finally {
      await signedOut.context.close();
    }
  });

  it('folds the navigation into a drawer: the top-bar button opens it, Escape closes it, focus goes in and back', async () => {
    const page = await open(PHONE);
    await page.goto('/');
    await waitForMyModels(page);
    const nav = page.getByRole('navigation', { name: 'Workspace' });
    const opener = page.getByRole('button', { name: 'Open navigation' });
    expect(await nav.isVisible()).toBe(false);
    expect(await opener.getAttribute('aria-expanded')).toBe('false');

    await opener.click();
    await nav.getByRole('link', { name: 'Favorites' }).waitFor();
    expect(await opener.getAttribute('aria-expanded')).toBe('true');
    await expectFullyShown(nav.getByRole('link', { name: 'My Models' }), 'My Models link');
    // Focus is in the drawer, on the current page's link.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('My Models');
    await expectNoHorizontalScroll(page, 'open drawer');

    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    // Choosing a place closes the drawer and goes there.
    await opener.click();
    await nav.getByRole('link', { name: 'Favorites' }).click();
    await page.waitForURL((url) => url.pathname === '/favorites');
    await nav.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
