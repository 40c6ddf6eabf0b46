import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createModelViaApi, launchBrowser, modelItem, waitForMyModels } from '../support/browser';
import { withPageAt, DESKTOP, expectNoSeriousA11yViolations, PHONE, signUpOnce } from '../support/layout';

// The bell (spec 000 §2, §8) and the model screens that need no sharing: empty panel, keyboard, placeholders.
describe('notification bell and model screens', () => {
  let browser: Browser;
  let state: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ state } = await signUpOnce(browser, DESKTOP, 'bell'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  const at = (viewport: typeof DESKTOP, run: (page: Page) => Promise<void>) => withPageAt(browser, viewport, state, run);

  it('opens an empty panel from the keyboard, says so, and closes with Escape back on the bell', async () => {
    await at(DESKTOP, async (page) => {
      await page.goto('/');
      await waitForMyModels(page);
      const bell = page.getByTestId('notification-bell');
      expect(await page.getByTestId('notification-badge').count()).toBe(0);
      await bell.focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('notification-empty').waitFor();
      expect(await page.getByTestId('notification-empty').textContent()).toBe("You don't have any notifications yet");
      expect(await page.getByTestId('mark-all-read').isDisabled()).toBe(true);
      await page.keyboard.press('Escape');
      await page.getByTestId('notification-panel').waitFor({ state: 'detached' });
      expect(await bell.evaluate((el) => el === document.activeElement)).toBe(true);
    });
  });

  it('has every menu entry, the publish label, and opens the editor and viewer placeholders naming the model', async () => {
    await at(DESKTOP, async (page) => {
      const model = await createModelViaApi(page, 'Placeholder part');
      await page.goto('/');
      await modelItem(page, 'Placeholder part').getByTestId('model-menu-button').click();
      const menu = page.getByRole('menu', { name: 'Actions for Placeholder part' });
      const labels = await menu.getByRole('menuitem').allTextContents();
      expect(labels).toEqual([
        'Edit',
        'Edit with safe mode',
        'Configurator',
        'Viewer/Embed',
        'Publish',
        'Share',
        'Embed code',
        'Copy model ID',
        'Duplicate',
        'Rename',
        'Delete',
      ]);
      await menu.getByTestId('model-menu-safeMode').click();
      await page.waitForURL((url) => url.pathname === `/workspace/edit/${model.id}` && url.search === '?safeMode=true');
      await page.getByTestId('open-model-role').waitFor();
      expect(await page.getByTestId('open-model-role').textContent()).toBe('owner');
      await page.getByTestId('open-model-name').filter({ hasText: 'Placeholder part' }).waitFor();
      await page.goto(`/embed/${model.id}`);
      // The viewer (ADR 0054): a model without geometry says it is not available, named.
      await page.getByTestId('embed-not-available').getByRole('heading', { name: 'Placeholder part', level: 1 }).waitFor();
    });
  });

  it('duplicates a model with the "(Duplicate) " name', async () => {
    await at(DESKTOP, async (page) => {
      await createModelViaApi(page, 'Original cog');
      await page.goto('/');
      await modelItem(page, 'Original cog').getByTestId('model-menu-button').click();
      await page.getByRole('menu', { name: 'Actions for Original cog' }).getByTestId('model-menu-duplicate').click();
      const dialog = page.getByRole('dialog', { name: 'Duplicate model' });
      expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('(Duplicate) Original cog');
      await dialog.getByRole('button', { name: 'Duplicate' }).click();
      await dialog.waitFor({ state: 'detached' });
      await modelItem(page, '(Duplicate) Original cog').waitFor();
    });
  });

  it('has no serious axe finding on a phone (390x844): empty panel, Published, placeholder', async () => {
    await at(PHONE, async (page) => {
      await page.goto('/');
      await waitForMyModels(page);
      await page.getByTestId('notification-bell').click();
      await page.getByTestId('notification-empty').waitFor();
      await expectNoSeriousA11yViolations(page, 'phone: empty notifications panel');
      await page.goto('/published');
      await page.locator('[data-testid="empty-text"], [data-testid="model-item"]').first().waitFor();
      await expectNoSeriousA11yViolations(page, 'phone: Published');
      await page.goto('/workspace');
      await page.getByRole('heading', { name: 'Workspace', level: 1 }).waitFor();
      await expectNoSeriousA11yViolations(page, 'phone: workspace placeholder');
    });
  });
});
