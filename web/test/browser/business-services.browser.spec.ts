import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eventually, field, launchBrowser } from '../support/browser';
import { DESKTOP, expectNoHorizontalScroll, expectNoSeriousA11yViolations, signUpOnce, SMALL_PHONE, withPageAt } from '../support/layout';

async function createMaterial(page: Page, name: string) {
  const answer = await page.request.post('/api/workspace/business-material', {
    data: {
      name,
      internalName: name.toUpperCase(),
      materialClass: 'weight',
      params: {},
      price: { strategy: 'per-weight', unit: 'kg', price: 12.5 },
      quantityInStock: { value: 3, unit: 'kg' },
    },
    headers: { 'Idempotency-Key': `material-${name.replace(/\W/g, '-')}-${Date.now()}` },
  });
  if (answer.status() !== 201) throw new Error(`material: ${answer.status()} ${await answer.text()}`);
}

// Services (spec 002 §2, §4, §5): the two-step dialog with two price options, the list's row, edit and delete.
describe('Business services', () => {
  let browser: Browser;
  let state: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ state } = await signUpOnce(browser, DESKTOP, 'services'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  const at = (viewport: typeof DESKTOP, run: (page: Page) => Promise<void>) => withPageAt(browser, viewport, state, run);

  it('creates a service with two price options through both steps', async () => {
    await at(DESKTOP, async (page) => {
      await page.goto('/business/services');
      await page.getByTestId('empty-text').waitFor();
      await createMaterial(page, 'Steel sheet');
      await createMaterial(page, 'Alu sheet');

      await page.getByTestId('add-service').click();
      const dialog = page.getByRole('dialog', { name: 'Add a service' });
      expect(await dialog.getByTestId('service-step-title').textContent()).toBe('Properties');
      expect(await dialog.getByTestId('service-back').isDisabled()).toBe(true);
      expect(await dialog.getByTestId('service-next').textContent()).toBe('Next');
      await dialog.getByTestId('service-next').click();
      expect(await dialog.getByTestId('field-error').allTextContents()).toEqual(['This field is required', 'This field is required']);
      await field(page, 'Name').fill('Laser cutting');
      await page.getByLabel('Service class').selectOption({ label: 'Count based' });
      await expectNoSeriousA11yViolations(page, 'service dialog, creation');
      await dialog.getByTestId('service-next').click();

      expect(await dialog.getByTestId('service-step-title').textContent()).toBe('Service price');
      expect(await dialog.getByTestId('service-next').textContent()).toBe('Done');
      // Count-based: the unit is fixed to each.
      expect(await page.getByLabel('General Price unit').isDisabled()).toBe(true);
      expect(await page.getByLabel('General Price unit').inputValue()).toBe('each');
      await dialog.getByTestId('service-next').click();
      expect(await dialog.getByTestId('field-error').allTextContents()).toEqual(['General Price is required']);
      // Clamped: a negative price becomes 0.
      await field(page, 'General Price').fill('-4');
      await field(page, 'General Price').blur();
      expect(await field(page, 'General Price').inputValue()).toBe('0');
      await field(page, 'General Price').fill('5');

      // Two options; each new one goes to the top, selected.
      await dialog.getByTestId('add-price-option').click();
      await field(page, 'Label').fill('Thin');
      await field(page, 'Price').fill('3');
      await dialog.locator('[data-testid="material-choice"][data-material-name="Steel sheet"]').getByRole('checkbox').check();
      await dialog.getByTestId('add-price-option').click();
      const options = dialog.getByTestId('price-option');
      expect(await options.count()).toBe(2);
      expect(await options.nth(0).getAttribute('aria-pressed')).toBe('true');
      expect(await options.nth(1).textContent()).toContain('Thin');
      await field(page, 'Label').fill('Thick');
      await field(page, 'Price').fill('8');
      await dialog.getByTestId('service-next').click();
      expect(await dialog.getByTestId('field-error').first().textContent()).toBe('Select at least one material');
      await dialog.locator('[data-testid="material-choice"][data-material-name="Alu sheet"]').getByRole('checkbox').check();
      await expectNoSeriousA11yViolations(page, 'service dialog, price');
      await dialog.getByTestId('service-next').click();
      await dialog.waitFor({ state: 'detached' });

      const row = page.locator('[data-testid="service-row"][data-service-name="Laser cutting"]');
      await row.waitFor();
      expect(await row.getByTestId('service-materials').textContent()).toBe('2 materials');
      expect(await row.getByTestId('service-price').textContent()).toBe('$3.00 – $8.00');
      await page.reload();
      await row.waitFor();
      expect(await row.getByTestId('service-price').textContent()).toBe('$3.00 – $8.00');

      // Edit: the class is locked.
      await row.getByTestId('service-menu-button').click();
      await page.getByRole('menuitem', { name: 'Service properties' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Service' });
      expect(await page.getByLabel('Service class').isDisabled()).toBe(true);
      await edit.getByTestId('service-next').click();
      await field(page, 'General Price').fill('6');
      await edit.getByTestId('service-next').click();
      await edit.waitFor({ state: 'detached' });
      await row.getByTestId('service-price').filter({ hasText: '$3.00 – $8.00' }).waitFor();

      // History (issue 8), by keyboard: the change in words, then version 1 as it was, and back to the same entry.
      await row.getByTestId('service-menu-button').focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'History' }).waitFor();
      await page.keyboard.press('h');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('History');
      await page.keyboard.press('Enter');
      const history = page.getByRole('dialog', { name: 'History of Laser cutting' });
      const newest = history.getByTestId('activity-entry').first();
      await newest.getByTestId('activity-changes').waitFor();
      expect(await newest.getByTestId('activity-changes').textContent()).toMatch(/^General price: \$5\.00 \/ each\s*→\s*to\s*\$6\.00 \/ each$/);
      await expectNoSeriousA11yViolations(page, 'service history');
      const first = history.getByRole('button', { name: 'View this version (version 1)' });
      await first.focus();
      await page.keyboard.press('Enter');
      expect(await history.getByTestId('version-generalPrice').textContent()).toBe('$5.00 / each');
      expect(await history.getByTestId('version-prices').textContent()).toBe('Thick $8.00 / each; Thin $3.00 / each');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Version 1');
      await history.getByRole('button', { name: 'Back to the timeline' }).focus();
      await page.keyboard.press('Enter');
      await eventually(
        () => page.evaluate(() => document.activeElement?.getAttribute('data-version')),
        (v) => expect(v).toBe('1'),
      );
      await page.keyboard.press('Escape');
      await history.waitFor({ state: 'detached' });

      // Delete asks nothing (spec 002 §5) and offers Undo (ADR 0049): the same service comes back, then goes for good.
      await row.getByTestId('service-menu-button').click();
      await page.getByRole('menuitem', { name: 'Delete service' }).click();
      await eventually(
        () => page.getByTestId('empty-text').count(),
        (n) => expect(n).toBe(1),
      );
      await page.getByTestId('undo-bar').getByRole('button', { name: 'Undo' }).click();
      await row.waitFor();
      await row.getByTestId('service-menu-button').click();
      await page.getByRole('menuitem', { name: 'Delete service' }).click();
      await eventually(
        () => page.getByTestId('empty-text').count(),
        (n) => expect(n).toBe(1),
      );
    });
  });

  it('fits a 360 px wide screen', async () => {
    await at(SMALL_PHONE, async (page) => {
      await page.goto('/business/services');
      await page.getByTestId('empty-text').waitFor();
      await expectNoHorizontalScroll(page, 'services at 360 px');
      await page.getByTestId('add-service').click();
      await page.getByRole('dialog', { name: 'Add a service' }).waitFor();
      await expectNoHorizontalScroll(page, 'service dialog at 360 px');
      await expectNoSeriousA11yViolations(page, 'service dialog at 360 px');
    });
  });
});
