import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { createMaterialViaApi, eventually, launchBrowser, withStaleAnswers } from '../support/browser';
import { contextAt, DESKTOP, expectNoSeriousA11yViolations, PHONE, signUpOnce, SMALL_PHONE, withPageAt } from '../support/layout';

// Materials inventory (spec 002 §2–§5, issue 8): the four-step material dialog with a two-toned appearance, the
// inline edit (with If-Match), delete without confirmation and its Undo (ADR 0049), axe on a phone, and keyboard use.
type State = Awaited<ReturnType<BrowserContext['storageState']>>;

const EMPTY = 'Your digital inventory has no materials yet. Add a new material to keep track of what you have in stock.';
const CHANGED = 'Someone changed this material in the meantime. The latest version is shown now; please make your change again.';

const row = (page: Page, name: string): Locator => page.locator(`[data-testid="inventory-row"][data-material-name="${name}"]`);
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.getAttribute('aria-label') ?? el?.labels?.[0]?.textContent ?? el?.textContent?.trim() ?? '';
  });

async function openInventory(page: Page): Promise<void> {
  await page.goto('/business/inventory');
  await page.getByRole('heading', { name: 'Materials inventory', level: 1 }).waitFor();
  await page.locator('[data-testid="inventory-row"], [data-testid="empty-text"]').first().waitFor();
}

describe('materials inventory', () => {
  let browser: Browser;
  let state: State;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ state } = await signUpOnce(browser, DESKTOP, 'inventory'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates an I-beam through the four steps with a two-toned appearance', async () => {
    await withPageAt(browser, DESKTOP, state, async (page) => {
      await openInventory(page);
      expect(await page.getByTestId('empty-text').textContent()).toBe(EMPTY);

      await page.getByRole('button', { name: 'Add a new material' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create material' });
      await dialog.waitFor();
      // Step 1, Name & Codes: Next refuses until the required fields are there.
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByTestId('field-error').nth(2).waitFor();
      expect(await dialog.getByTestId('field-error').allTextContents()).toEqual(['This field is required', 'This field is required', 'This field is required']);
      // A click outside does not close it.
      await page.mouse.click(5, 5);
      expect(await dialog.isVisible()).toBe(true);
      await dialog.getByLabel('Name', { exact: true }).fill('  Steel I-beam  ');
      await dialog.getByLabel('Internal name', { exact: true }).fill('IPE 200');
      await dialog.getByLabel('Material class', { exact: true }).selectOption('sheet');
      await dialog.getByLabel('Material class', { exact: true }).selectOption('i-beam');
      await dialog.getByLabel('Tags', { exact: true }).fill('steel');
      await page.keyboard.press('Enter');
      await dialog.getByLabel('Tags', { exact: true }).fill('structural');
      await page.keyboard.press('Enter');
      expect(await dialog.getByRole('list', { name: 'Tags added' }).getByRole('listitem').allTextContents()).toEqual(['steel', 'structural']);
      await dialog.getByRole('button', { name: 'Next' }).click();

      // Step 2, Sizes & Price: the I-beam's own parameters, checked by the domain's rules.
      await dialog.getByRole('heading', { name: /Sizes & Price/ }).waitFor();
      for (const label of ['Height', 'Flange width', 'Web thickness', 'Flange thickness', 'Length', 'Weight per piece (optional)']) {
        await dialog.getByLabel(label, { exact: true }).waitFor();
      }
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByText('Price must be a positive number').waitFor();
      await dialog.getByLabel('Height', { exact: true }).fill('200');
      await dialog.getByLabel('Flange width', { exact: true }).fill('100');
      await dialog.getByLabel('Web thickness', { exact: true }).fill('120');
      await dialog.getByLabel('Flange thickness', { exact: true }).fill('8.5');
      await dialog.getByLabel('Length', { exact: true }).fill('6');
      await dialog.getByLabel('Length unit', { exact: true }).selectOption('m');
      await dialog.getByLabel('Price (US dollars)', { exact: true }).fill('12.5');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByText('The web thickness must be smaller than the flange width.').waitFor();
      await dialog.getByLabel('Web thickness', { exact: true }).fill('5.6');
      await dialog.getByRole('button', { name: 'Next' }).click();

      // Step 3, Store & Times: the quantity is checked as it changes.
      await dialog.getByRole('heading', { name: /Store & Times/ }).waitFor();
      const quantity = dialog.getByLabel('Quantity in stock', { exact: true });
      await quantity.fill('-1');
      await dialog.getByText('Quantity cannot be negative').waitFor();
      await quantity.fill('');
      await dialog.getByText('Quantity is required').waitFor();
      await quantity.fill('4');
      await dialog.getByText('Quantity is required').waitFor({ state: 'detached' });
      expect(await dialog.getByLabel('Time to replenish (days)', { exact: true }).inputValue()).toBe('0');
      await dialog.getByRole('button', { name: 'Next' }).click();

      // Step 4, Color & Texture: Two-toned, each entry a palette colour; the preview is drawn.
      await dialog.getByRole('heading', { name: /Color & Texture/ }).waitFor();
      await dialog.getByTestId('material-preview').locator('canvas').waitFor();
      await dialog.getByLabel('Material type', { exact: true }).selectOption('two-toned');
      // Switching the type resets the colours (spec 002 §4); a new material's entries stay in colour mode.
      const tabs = dialog.getByRole('tab');
      expect(await tabs.allTextContents()).toEqual(['Main facesNo colour', 'SidesNo colour']);
      await dialog.getByRole('button', { name: 'Finish' }).click();
      await dialog.getByText('For color mode, color is required').first().waitFor();
      // Textures: the grid, or its empty state when neither the scope nor the community has one (ADR 0064).
      await dialog.locator('label.mode-option', { hasText: 'Texture' }).click();
      await dialog.locator('[data-testid="texture-empty"], [data-testid="texture-choices"]').first().waitFor();
      await dialog.getByText('For texture mode, textureId is required').first().waitFor();

      await dialog.locator('label.mode-option', { hasText: 'Color' }).click();
      await dialog.locator('label.palette-swatch[title="Red 5"]').click();
      expect(await dialog.getByRole('radio', { name: 'Red 5', exact: true }).isChecked()).toBe(true);
      await dialog.getByTestId('chosen-color').filter({ hasText: 'Red 5 (#E53935)' }).waitFor();
      await tabs.nth(1).click();
      await dialog.getByRole('button', { name: 'Switch to advanced' }).click();
      await dialog.getByLabel('Hex colour', { exact: true }).fill('#546E7A');
      await dialog.getByLabel('Metallicity', { exact: true }).fill('0.8');
      await dialog.getByRole('button', { name: 'Switch to basic' }).waitFor();
      await dialog.getByRole('button', { name: 'Finish' }).click();
      await dialog.waitFor({ state: 'detached' });

      const beam = row(page, 'Steel I-beam');
      await beam.waitFor();
      expect(await page.getByTestId('in-stock').getByTestId('inventory-row').count()).toBe(1);
      expect(await beam.getByTestId('inventory-price').textContent()).toBe('Price $12.50 / mm');
      expect(await beam.getByTestId('inventory-quantity').textContent()).toBe('Quantity 4 each');

      // What was saved: every step's values, two entries with their directions.
      const list = await (await page.request.get('/api/workspace/business-material')).json();
      const saved = list.data.find((m: { name: string }) => m.name === 'Steel I-beam');
      expect(saved).toMatchObject({
        internalName: 'IPE 200',
        materialClass: 'i-beam',
        tags: ['steel', 'structural'],
        params: { height: { value: 200, unit: 'mm' }, webThickness: { value: 5.6, unit: 'mm' }, length: { value: 6, unit: 'm' } },
        price: { strategy: 'per-length', unit: 'mm', price: 12.5 },
        quantityInStock: { value: 4, unit: 'each' },
      });
      expect(
        saved.appearance.map((e: { materialIndexDirection: string[]; color: { hex: string; metallicity: number } }) => [
          e.materialIndexDirection,
          e.color.hex,
          e.color.metallicity,
        ]),
      ).toEqual([
        [['Z+', 'Z-'], '#E53935', 0],
        [['X+', 'X-', 'Y+', 'Y-'], '#546E7A', 0.8],
      ]);

      // Material properties opens it again as Edit material, its class locked, the type inferred as Two-toned.
      await beam.getByTestId('inventory-menu-button').click();
      await page.getByRole('menuitem', { name: 'Material properties' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit material' });
      expect(await edit.getByLabel('Name', { exact: true }).inputValue()).toBe('Steel I-beam');
      expect(await edit.getByLabel('Material class', { exact: true }).isDisabled()).toBe(true);
      for (let i = 0; i < 3; i++) await edit.getByRole('button', { name: 'Next' }).click();
      expect(await edit.getByLabel('Material type', { exact: true }).inputValue()).toBe('two-toned');
      await edit.getByRole('button', { name: 'Done' }).waitFor();
      await edit.getByRole('button', { name: 'Close' }).click();
      await edit.waitFor({ state: 'detached' });
    });
  });

  it('edits price and quantity in the row, moves it between groups, and tells about a change made meanwhile', async () => {
    await withPageAt(browser, DESKTOP, state, async (page) => {
      const { id } = await createMaterialViaApi(page, 'Oak board');
      await openInventory(page);
      const oak = row(page, 'Oak board');
      await page.getByTestId('in-stock').locator('[data-material-name="Oak board"]').waitFor();

      // Cancel leaves without saving.
      await oak.getByRole('button', { name: 'Edit price and quantity of Oak board' }).click();
      await oak.getByLabel('Price (US dollars / each)', { exact: true }).fill('99');
      await oak.getByRole('button', { name: 'Cancel' }).click();
      expect(await oak.getByTestId('inventory-price').textContent()).toBe('Price $20.00 / each');

      // The spec's messages, then a save that leaves edit mode; 0 in stock moves it to Out of stock.
      await oak.getByRole('button', { name: 'Edit price and quantity of Oak board' }).click();
      await oak.getByLabel('Price (US dollars / each)', { exact: true }).fill('-1');
      await oak.getByLabel('Quantity (each)', { exact: true }).fill('-2');
      await oak.getByRole('button', { name: 'Save' }).click();
      expect(await oak.getByTestId('field-error').allTextContents()).toEqual(['Price must be a positive number', 'Quantity cannot be negative']);
      await oak.getByLabel('Price (US dollars / each)', { exact: true }).fill('18.5');
      await oak.getByLabel('Quantity (each)', { exact: true }).fill('0');
      await oak.getByRole('button', { name: 'Save' }).click();
      await page
        .getByTestId('out-of-stock')
        .locator('[data-material-name="Oak board"]')
        .getByTestId('inventory-price')
        .filter({ hasText: '$18.50 / each' })
        .waitFor();
      const stored = await (await page.request.get(`/api/workspace/business-material/${id}`)).json();
      expect([stored.price.price, stored.quantityInStock.value, stored.version]).toEqual([18.5, 0, 2]);

      // History (issue 8): who changed what, from → to in words, and version 1 as it was, read-only.
      await oak.getByTestId('inventory-menu-button').click();
      await page.getByRole('menuitem', { name: 'History' }).click();
      const history = page.getByRole('dialog', { name: 'History of Oak board' });
      const newest = history.getByTestId('activity-entry').first();
      await newest.getByTestId('activity-changes').waitFor();
      expect(await newest.getByTestId('activity-changes').locator('li').allTextContents()).toEqual([
        'Price: $20.00 / each → to $18.50 / each',
        'Quantity in stock: 5 each → to 0 each',
      ]);
      expect(await history.getByTestId('activity-entry').count()).toBe(2);
      await expectNoSeriousA11yViolations(page, 'material history');
      await history.getByRole('button', { name: 'View this version (version 1)' }).click();
      expect(await history.getByTestId('version-price').textContent()).toBe('$20.00 / each');
      expect(await history.getByTestId('version-quantityInStock').textContent()).toBe('5 each');
      await history.getByRole('button', { name: 'Back to the timeline' }).click();
      await page.keyboard.press('Escape');
      await history.waitFor({ state: 'detached' });

      // Someone else changes it while the row is being edited: the save carries the version the edit started from, is
      // refused with 412, and the row shows their values.
      await oak.getByRole('button', { name: 'Edit price and quantity of Oak board' }).click();
      const other = await page.request.patch(`/api/workspace/business-material/${id}`, {
        data: { quantityInStock: { value: 7, unit: 'each' } },
        headers: { 'If-Match': '2' },
      });
      expect(other.status()).toBe(200);
      await oak.getByLabel('Price (US dollars / each)', { exact: true }).fill('30');
      await oak.getByRole('button', { name: 'Save' }).click();
      await oak.getByTestId('form-error').filter({ hasText: CHANGED }).waitFor();
      expect(await oak.getByLabel('Quantity (each)', { exact: true }).inputValue()).toBe('7');
      await oak.getByRole('button', { name: 'Save' }).click();
      await page
        .getByTestId('in-stock')
        .locator('[data-material-name="Oak board"]')
        .getByTestId('inventory-price')
        .filter({ hasText: '$18.50 / each' })
        .waitFor();

      // Delete asks nothing (spec 002 §5) and offers Undo: the same material comes back.
      await oak.getByTestId('inventory-menu-button').click();
      await page.getByRole('menuitem', { name: 'Delete material' }).click();
      await oak.waitFor({ state: 'detached' });
      const undoBar = page.getByTestId('undo-bar');
      expect(await undoBar.getAttribute('role')).toBe('status');
      await undoBar.getByText('Removed Oak board.').waitFor();
      await undoBar.getByRole('button', { name: 'Undo' }).click();
      await page
        .getByTestId('in-stock')
        .locator('[data-material-name="Oak board"]')
        .getByTestId('inventory-price')
        .filter({ hasText: '$18.50 / each' })
        .waitFor();
      await undoBar.getByText('Removed Oak board.').waitFor({ state: 'detached' });
      expect((await (await page.request.get(`/api/workspace/business-material/${id}`)).json()).id).toBe(id);

      // Deleted again and left alone: the offer ends by itself.
      await oak.getByTestId('inventory-menu-button').click();
      await page.getByRole('menuitem', { name: 'Delete material' }).click();
      await oak.waitFor({ state: 'detached' });
      // The focus left with the row and went to Undo, which holds the offer open; moved away, the offer runs out.
      await eventually(
        () => focusedName(page),
        (name) => expect(name).toBe('Undo'),
      );
      await page.mouse.move(0, 0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await undoBar.getByRole('button', { name: 'Undo' }).waitFor({ state: 'detached', timeout: 20_000 });
      // The read model follows the deletion a moment later.
      await eventually(
        async () => (await page.request.get(`/api/workspace/business-material/${id}`)).status(),
        (status) => expect(status).toBe(404),
      );
    });
  });

  it('shows a material created elsewhere without a reload (business-material push)', async () => {
    await withPageAt(browser, DESKTOP, state, async (page) => {
      await openInventory(page);
      await page.locator('.live-dot--online').waitFor();
      await createMaterialViaApi(page, 'Pushed walnut', { quantityInStock: { value: 0, unit: 'each' } });
      await page.getByTestId('out-of-stock').locator('[data-material-name="Pushed walnut"]').waitFor();
    });
  });

  // A refetch (the catch-up or a reconnection, ADR 0071) may read a read model that has not applied a create yet.
  it('keeps a material created meanwhile when a list answer fetched afterwards is older', async () => {
    const { state: own } = await signUpOnce(browser, DESKTOP, 'inventory-stale');
    await withPageAt(browser, DESKTOP, own, async (page) => {
      const stale = await withStaleAnswers(page, /\/api\/workspace\/business-material\?/);
      await openInventory(page);
      await page.locator('.live-dot--online').waitFor();
      stale.serveStale({ data: [], total: 0 });
      await createMaterialViaApi(page, 'Late pine');
      await row(page, 'Late pine').waitFor();
      await stale.reconnect();
      expect(await row(page, 'Late pine').count()).toBe(1);
    });
  }, 120_000);

  it('finds nothing serious with axe on a phone (390×844), and fits a 360 px screen', async () => {
    await withPageAt(browser, PHONE, state, async (page) => {
      await createMaterialViaApi(page, 'Phone plate');
      await openInventory(page);
      await row(page, 'Phone plate').waitFor();
      await expectNoSeriousA11yViolations(page, 'inventory');
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]);

      await row(page, 'Phone plate').getByTestId('inventory-menu-button').click();
      await page.getByRole('menu', { name: 'Actions for Phone plate' }).waitFor();
      await expectNoSeriousA11yViolations(page, 'inventory row menu');
      await page.keyboard.press('Escape');

      await row(page, 'Phone plate').getByRole('button', { name: 'Edit price and quantity of Phone plate' }).click();
      await row(page, 'Phone plate').getByRole('button', { name: 'Save' }).waitFor();
      await expectNoSeriousA11yViolations(page, 'inline edit');
      await row(page, 'Phone plate').getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Add a new material' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create material' });
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByTestId('field-error').first().waitFor();
      await expectNoSeriousA11yViolations(page, 'dialog step 1 with errors');
      await dialog.getByLabel('Name', { exact: true }).fill('Tube');
      await dialog.getByLabel('Internal name', { exact: true }).fill('RT 40');
      await dialog.getByLabel('Material class', { exact: true }).selectOption('round-tube');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByLabel('Outer diameter', { exact: true }).fill('40');
      await dialog.getByLabel('Wall thickness', { exact: true }).fill('2');
      await dialog.getByLabel('Length', { exact: true }).fill('3000');
      await dialog.getByLabel('Price (US dollars)', { exact: true }).fill('3');
      await expectNoSeriousA11yViolations(page, 'dialog step 2');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByLabel('Quantity in stock', { exact: true }).fill('2');
      await expectNoSeriousA11yViolations(page, 'dialog step 3');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByLabel('Material type', { exact: true }).selectOption('custom');
      await expectNoSeriousA11yViolations(page, 'dialog step 4, palette');
      await dialog.locator('label.mode-option', { hasText: 'Texture' }).click();
      await expectNoSeriousA11yViolations(page, 'dialog step 4, texture');
      await dialog.locator('label.mode-option', { hasText: 'Color' }).click();
      await dialog.getByRole('button', { name: 'Switch to advanced' }).click();
      await expectNoSeriousA11yViolations(page, 'dialog step 4, advanced');
      const dialogFits = await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
      expect(dialogFits).toBe(true);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expectNoSeriousA11yViolations(page, 'dialog, discard question');
      await dialog.getByRole('button', { name: 'Discard' }).click();
      await dialog.waitFor({ state: 'detached' });

      await row(page, 'Phone plate').getByTestId('inventory-menu-button').click();
      await page.getByRole('menuitem', { name: 'Delete material' }).click();
      await page.getByTestId('undo-bar').getByRole('button', { name: 'Undo' }).waitFor();
      await expectNoSeriousA11yViolations(page, 'undo after a delete');
      await page.getByTestId('undo-bar').getByRole('button', { name: 'Undo' }).click();
      await row(page, 'Phone plate').waitFor();
    });

    await withPageAt(browser, SMALL_PHONE, state, async (page) => {
      await openInventory(page);
      await row(page, 'Phone plate').waitFor();
      const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(await fits()).toBe(true);
      await page.getByRole('button', { name: 'Add a new material' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create material' });
      await dialog.waitFor();
      expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      await dialog.getByRole('button', { name: 'Close' }).click();
      // The History dialog fits too, its timeline and a past version.
      await row(page, 'Phone plate').getByTestId('inventory-menu-button').click();
      await page.getByRole('menuitem', { name: 'History' }).click();
      const history = page.getByRole('dialog', { name: 'History of Phone plate' });
      await history.getByTestId('activity-entry').first().waitFor();
      expect(await fits()).toBe(true);
      await history.getByTestId('view-version').first().click();
      await history.getByTestId('version-price').waitFor();
      expect(await history.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      await expectNoSeriousA11yViolations(page, 'material version at 360 px');
    });
  });

  it('works by keyboard: menus, inline edit, steps, entry tabs and Escape', async () => {
    const { context, page } = await contextAt(browser, DESKTOP, state);
    try {
      await createMaterialViaApi(page, 'Keyed copper');
      await openInventory(page);
      const copper = row(page, 'Keyed copper');

      // The row menu (APG menu button): Enter opens on the first item, ArrowDown moves, Escape returns focus.
      const menuButton = copper.getByTestId('inventory-menu-button');
      await menuButton.focus();
      await page.keyboard.press('Enter');
      expect(await focusedName(page)).toBe('Material properties');
      await page.keyboard.press('ArrowDown');
      expect(await focusedName(page)).toBe('History');
      // History opens on Enter and Escape gives focus back to the menu button.
      await page.keyboard.press('Enter');
      const history = page.getByRole('dialog', { name: 'History of Keyed copper' });
      await history.getByTestId('view-version').first().waitFor();
      await page.keyboard.press('Escape');
      await history.waitFor({ state: 'detached' });
      expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await focusedName(page)).toBe('Delete material');
      // The row goes, and the keyboard focus with it: it lands on Undo, and Enter brings the material back.
      await page.keyboard.press('Enter');
      await eventually(
        () => focusedName(page),
        (name) => expect(name).toBe('Undo'),
      );
      await page.keyboard.press('Enter');
      await copper.waitFor();
      await eventually(
        () => page.evaluate(() => document.activeElement?.tagName),
        (tag) => expect(tag).toBe('H1'),
      );

      // Inline edit: the pencil by Enter, the price field focused, Enter saves.
      await copper.getByRole('button', { name: 'Edit price and quantity of Keyed copper' }).focus();
      await page.keyboard.press('Enter');
      expect(await focusedName(page)).toBe('Price (US dollars / each)');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('7.25');
      await page.keyboard.press('Enter');
      await copper.getByTestId('inventory-price').filter({ hasText: '$7.25 / each' }).waitFor();

      // The dialog: focus starts in Name, Enter moves on, the step heading takes focus, Escape closes.
      const add = page.getByRole('button', { name: 'Add a new material' });
      await add.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Create material' });
      await dialog.waitFor();
      expect(await focusedName(page)).toBe('Name');
      await page.keyboard.type('Keyboard sheet');
      await page.keyboard.press('Tab');
      await page.keyboard.type('KS-1');
      await page.keyboard.press('Tab');
      expect(await focusedName(page)).toBe('Material class');
      await page.keyboard.type('Sheet');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await dialog.getByRole('heading', { name: /Sizes & Price/ }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Sizes & Price');
      for (const [label, value] of [
        ['Width', '1000'],
        ['Length', '2000'],
        ['Thickness', '2'],
        ['Price (US dollars)', '40'],
      ]) {
        await dialog.getByLabel(label, { exact: true }).focus();
        await page.keyboard.type(value);
      }
      await page.keyboard.press('Enter');
      await dialog.getByLabel('Quantity in stock', { exact: true }).focus();
      await page.keyboard.type('3');
      await page.keyboard.press('Enter');
      await dialog.getByRole('heading', { name: /Color & Texture/ }).waitFor();
      await dialog.getByLabel('Material type', { exact: true }).focus();
      await page.keyboard.type('Custom');
      // The entry tabs: arrow keys move between them.
      await dialog.getByRole('tab', { name: /Top face/ }).focus();
      await page.keyboard.press('ArrowRight');
      expect(await dialog.getByRole('tab', { name: /Bottom face/ }).getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('End');
      expect(await dialog.getByRole('tab', { name: /Sides/ }).getAttribute('aria-selected')).toBe('true');
      // Tab stays inside the dialog.
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      // Escape with something typed asks first (issue 17): Keep editing has focus, Discard is before it.
      await page.keyboard.press('Escape');
      await dialog.getByTestId('discard-question').waitFor();
      expect(await focusedName(page)).toBe('Keep editing');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      expect(await add.evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
