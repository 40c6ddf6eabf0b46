import type { Browser, Page } from 'playwright-core';
import { createMaterialViaApi, createModelViaApi, eventually, launchBrowser } from '../support/browser';
import { contextAt, DESKTOP, expectNoSeriousA11yViolations, signUpOnce } from '../support/layout';

/** POST through the page's session; the answer's JSON, or the test fails with what the server said. */
async function post<T>(page: Page, path: string, data: unknown, status = 201): Promise<T> {
  const response = await page.request.post(path, { data });
  if (response.status() !== status) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

// A team's business records as its viewer sees them (spec 002 §7; ADR 0029, 0032, 0038): everything shown,
// nothing offered to change, and the History dialog following changes made meanwhile.
describe('Business records of a team, seen by its viewer', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the team’s catalog, inventory and services read-only, and History follows a change live', async () => {
    const ownerSignUp = await signUpOnce(browser, DESKTOP, 'biz-team-owner');
    const viewerSignUp = await signUpOnce(browser, DESKTOP, 'biz-team-viewer');
    const owner = await contextAt(browser, DESKTOP, ownerSignUp.state);
    const viewer = await contextAt(browser, DESKTOP, viewerSignUp.state);
    try {
      // The owner's team, the viewer in it, and one record of each kind in the team's scope.
      const team = await post<{ id: string }>(owner.page, '/api/workspace/team/my', { name: 'Viewer Works' });
      await post(owner.page, '/api/workspace/team-member/invite', { teamId: team.id, email: viewerSignUp.user.email, role: 'viewer' });
      const model = await createModelViaApi(owner.page, 'Team bracket');
      const item = await post<{ id: string }>(owner.page, '/api/workspace/business-catalog', { modelId: model.id, teamId: team.id, price: 4 });
      const material = await createMaterialViaApi(owner.page, 'Team sheet', { teamId: team.id });
      const page = viewer.page;

      // Catalog: the item is there; nothing to add, no rename or remove.
      await page.goto(`/business/catalog?teamId=${team.id}`);
      const entry = page.locator('[data-testid="catalog-item"][data-item-name="Team bracket"]');
      await entry.waitFor();
      expect(await page.getByTestId('catalog-add').count()).toBe(0);
      await expectNoSeriousA11yViolations(page, 'team catalog, viewer');
      // Its page: the recipe can be read, not changed.
      await page.goto(`/business/catalog/${item.id}`);
      await page.getByTestId('catalog-price-input').waitFor();
      expect(await page.getByTestId('catalog-price-input').isDisabled()).toBe(true);
      expect(await page.getByTestId('recipe-save').count()).toBe(0);
      expect(await page.getByTestId('add-material-line').count()).toBe(0);

      // Inventory: the material, no create, no inline edit, Delete offered but disabled with the reason.
      await page.goto(`/business/inventory?teamId=${team.id}`);
      const row = page.locator('[data-testid="inventory-row"]').filter({ hasText: 'Team sheet' });
      await row.waitFor();
      expect(await page.getByTestId('add-material').count()).toBe(0);
      expect(await row.getByTestId('inventory-edit').count()).toBe(0);
      await row.getByTestId('inventory-menu-button').click();
      const menu = page.getByRole('menu', { name: 'Actions for Team sheet' });
      const remove = menu.getByRole('menuitem', { name: 'Delete material' });
      expect(await remove.getAttribute('aria-disabled')).toBe('true');
      await expectNoSeriousA11yViolations(page, 'team inventory, viewer, menu open');

      // History, left open while the owner changes the price: the new entry appears without a reload.
      await menu.getByRole('menuitem', { name: 'History' }).click();
      const history = page.getByRole('dialog', { name: 'History of Team sheet' });
      await history.getByTestId('activity-entry').first().waitFor();
      const before = await history.getByTestId('activity-entry').count();
      const changed = await owner.page.request.patch(`/api/workspace/business-material/${material.id}`, {
        data: { price: { strategy: 'per-piece', unit: 'each', price: 25 } },
        headers: { 'If-Match': `"${material.version}"` },
      });
      expect(changed.status()).toBe(200);
      await eventually(
        () => history.getByTestId('activity-entry').count(),
        (count) => expect(count).toBe(before + 1),
      );
      expect(await history.getByTestId('activity-entry').first().textContent()).toContain('changed');
      await page.keyboard.press('Escape');
      await history.waitFor({ state: 'detached' });

      // Services: nothing to add.
      await page.goto(`/business/services?teamId=${team.id}`);
      await page.getByRole('heading', { name: 'Services', level: 1 }).waitFor();
      expect(await page.getByTestId('add-service').count()).toBe(0);
    } finally {
      await owner.context.close();
      await viewer.context.close();
    }
  });
});
