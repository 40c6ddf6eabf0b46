import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { contextAt, DESKTOP, expectNoHorizontalScroll, expectNoSeriousA11yViolations, SMALL_PHONE, signUpOnce } from '../support/layout';

type State = Awaited<ReturnType<BrowserContext['storageState']>>;

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

async function openWizard(page: Page) {
  await page.getByRole('button', { name: 'Add a new material' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create material' });
  await dialog.getByLabel('Name', { exact: true }).waitFor();
  return dialog;
}

// Issue 17: Escape in the material wizard threw away what was typed without a word. With something typed it
// now asks inside the dialog (keyboard-operable); with nothing typed Escape just closes.
describe('the material wizard asks before Escape drops what was typed', () => {
  let browser: Browser;
  let state: State;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ state } = await signUpOnce(browser, DESKTOP, 'discard'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of [DESKTOP, SMALL_PHONE]) {
    it(`asks, keeps or discards, by keyboard alone (${viewport.width} px)`, async () => {
      const { context, page } = await contextAt(browser, viewport, state);
      try {
        await page.goto('/business/inventory');
        await page.getByRole('heading', { name: 'Materials inventory', level: 1 }).waitFor();

        // Nothing typed: Escape closes at once.
        let dialog = await openWizard(page);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        // Something typed: Escape asks; the safe answer has focus; Escape on the question goes back, all kept.
        dialog = await openWizard(page);
        await dialog.getByLabel('Name', { exact: true }).fill('Walnut sheet');
        await page.keyboard.press('Escape');
        const question = dialog.getByTestId('discard-question');
        await question.waitFor();
        expect(await question.getByRole('heading').textContent()).toBe('Discard what you typed?');
        expect(await focusedName(page)).toBe('Keep editing');
        await expectNoSeriousA11yViolations(page, 'material wizard, discard question');
        await expectNoHorizontalScroll(page, `discard question at ${viewport.width} px`);
        await page.keyboard.press('Escape');
        await question.waitFor({ state: 'detached' });
        expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Walnut sheet');

        // Keep editing by Enter keeps it too; then Discard (Shift+Tab, Enter) closes, and the next wizard starts empty.
        await page.keyboard.press('Escape');
        await question.waitFor();
        await page.keyboard.press('Enter');
        await question.waitFor({ state: 'detached' });
        expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Walnut sheet');
        await page.keyboard.press('Escape');
        await question.waitFor();
        await page.keyboard.press('Shift+Tab');
        expect(await focusedName(page)).toBe('Discard');
        await page.keyboard.press('Enter');
        await dialog.waitFor({ state: 'detached' });
        dialog = await openWizard(page);
        expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      } finally {
        await context.close();
      }
    });
  }
});
