import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createModelViaApi, launchBrowser, modelItem, waitForMyModels } from '../support/browser';
import { contextAt, DESKTOP, signUpOnce } from '../support/layout';

/** What a screen reader would call the focused element: its aria-label, its label's text, or its own text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.getAttribute('aria-label') ?? el?.labels?.[0]?.textContent ?? el?.textContent?.trim() ?? '';
  });
const isFocused = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el === document.activeElement);

// Keyboard use of the shell, the dialogs and the menus (WAI-ARIA APG dialog and menu button patterns; issue 6).
describe('keyboard', () => {
  let browser: Browser;
  let state: Awaited<ReturnType<BrowserContext['storageState']>>;
  let context: BrowserContext | undefined;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ state } = await signUpOnce(browser, DESKTOP, 'keys'));
    const { context: setup, page: first } = await contextAt(browser, DESKTOP, state);
    await createModelViaApi(first, 'Anvil');
    await setup.close();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    ({ context, page } = await contextAt(browser, DESKTOP, state));
    await page.goto('/');
    await waitForMyModels(page);
    await modelItem(page, 'Anvil').waitFor();
  });
  afterEach(async () => {
    await context?.close();
  });

  it('reaches the main content through a skip link, the first thing Tab reaches', async () => {
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Skip to main content');
    expect(await page.getByRole('link', { name: 'Skip to main content' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await isFocused(page, 'main')).toBe(true);
    // The next Tab goes on inside the main content.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);
  });

  it('keeps Tab inside a dialog, closes it on Escape and gives focus back to the button that opened it', async () => {
    const opener = page.getByTestId('new-model-button');
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New Model' });
    await dialog.waitFor();
    expect(await focused(page)).toBe('Name');

    // Forwards: Name → Cancel → Create → Close → Name again, never leaving the dialog.
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      seen.push(await focused(page));
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    expect(seen).toEqual(['Cancel', 'Create', 'Close', 'Name']);
    // Backwards from the first wraps to the last.
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('Close');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('Create');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    // Closing with the Cancel button gives focus back too.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('runs the model menu by keyboard: arrows, Home/End, typeahead, Escape, and focus back after a dialog', async () => {
    const button = modelItem(page, 'Anvil').getByTestId('model-menu-button');
    const menu = page.getByRole('menu', { name: 'Actions for Anvil' });
    await button.focus();

    await page.keyboard.press('Enter');
    await menu.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await focused(page)).toBe('Edit');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('Edit with safe mode');
    await page.keyboard.press('End');
    expect(await focused(page)).toBe('Delete');
    await page.keyboard.press('ArrowDown'); // wraps
    expect(await focused(page)).toBe('Edit');
    await page.keyboard.press('ArrowUp'); // wraps back
    expect(await focused(page)).toBe('Delete');
    await page.keyboard.press('Home');
    expect(await focused(page)).toBe('Edit');
    await page.keyboard.press('r'); // typeahead: the next item starting with "r"
    expect(await focused(page)).toBe('Rename');
    await page.keyboard.press('e'); // from Rename, the next "e" wraps to Edit
    expect(await focused(page)).toBe('Edit');
    await page.keyboard.press('d');
    expect(await focused(page)).toBe('Duplicate');
    await page.keyboard.press('d');
    expect(await focused(page)).toBe('Delete');

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // ArrowUp on the button opens on the last item; Space opens on the first.
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toBe('Delete');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Space');
    await menu.waitFor();
    expect(await focused(page)).toBe('Edit');

    // Tab closes the menu and moves on.
    await page.keyboard.press('Tab');
    await menu.waitFor({ state: 'detached' });

    // Rename chosen by keyboard: the dialog opens, Escape closes it, focus is back on the menu button.
    await button.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('r');
    await page.keyboard.press('Enter');
    const rename = page.getByRole('dialog', { name: 'Rename model' });
    await rename.waitFor();
    expect(await focused(page)).toBe('Name');
    await page.keyboard.press('Escape');
    await rename.waitFor({ state: 'detached' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('runs the sort menu and the user menu by keyboard', async () => {
    const sort = page.getByTestId('sort-menu');
    await sort.focus();
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('Date created');
    await page.keyboard.press('a'); // Alphabetical, then Ascending
    expect(await focused(page)).toBe('Alphabetical');
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Sort' }).waitFor({ state: 'detached' });
    // Alphabetical starts A to Z (issue 17; ADR 0045).
    expect(await sort.getAttribute('data-sort')).toBe('name ASC');
    expect(await sort.evaluate((el) => el === document.activeElement)).toBe(true);

    const user = page.getByRole('button', { name: /^User menu for / });
    await user.focus();
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('Market');
    await page.keyboard.press('l');
    expect(await focused(page)).toBe('Logout');
    await page.keyboard.press('Escape');
    expect(await user.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
