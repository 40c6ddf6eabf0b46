import type { BrowserContext, Locator, Page } from 'playwright-core';
import { chooseItemAction, eventually, launchBrowser, signUp, tabTo, uniqueUser, usePagePerTest } from '../support/browser';
import { contextAt, DESKTOP, expectNoHorizontalScroll, expectNoSeriousA11yViolations, signUpOnce } from '../support/layout';

const EMPTY = 'You don’t have components';
const REQUIRED = 'This field is required';
const WARNING = 'Unexpected bad things will happen if you don’t read this!';

const items = (page: Page): Locator => page.getByTestId('component-item');
const item = (page: Page, name: string): Locator => page.locator(`[data-testid="component-item"][data-component-name="${name}"]`);
const names = (page: Page) => items(page).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-component-name') ?? ''));

async function openMyComponents(page: Page): Promise<void> {
  await page.goto('/component');
  await page.getByRole('heading', { name: 'My Components', level: 1 }).waitFor();
  await page.locator('[data-testid="component-item"], [data-testid="empty-text"]').first().waitFor();
}

async function createInUi(page: Page, name: string): Promise<void> {
  await page.getByTestId('new-component').click();
  const dialog = page.getByRole('dialog', { name: 'New Component' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.waitFor({ state: 'detached' });
  await item(page, name).waitFor();
}

const choose = (page: Page, name: string, entry: 'rename' | 'delete') => chooseItemAction(page, item(page, name), 'component-menu', name, `component-${entry}`);

describe('My Components (spec 001 §2, §4, §8; ADR 0051)', () => {
  let context: BrowserContext;
  let page: Page;
  usePagePerTest((opened) => {
    ({ context, page } = opened);
  });

  it('starts empty, creates, renames and deletes by typing the name, and a second tab sees it all live', async () => {
    await signUp(page, uniqueUser('components'));
    await openMyComponents(page);
    expect(await page.getByTestId('empty-text').textContent()).toBe(EMPTY);
    await expectNoSeriousA11yViolations(page, 'My Components, empty');

    // New Component: the name is required.
    await page.getByTestId('new-component').click();
    const create = page.getByRole('dialog', { name: 'New Component' });
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByText(REQUIRED).waitFor();
    await expectNoSeriousA11yViolations(page, 'New Component dialog');
    await create.getByLabel('Name', { exact: true }).fill('Hinge');
    await create.getByRole('button', { name: 'Create' }).click();
    await create.waitFor({ state: 'detached' });
    await item(page, 'Hinge').waitFor();
    expect(await page.getByTestId('empty-text').count()).toBe(0);

    // A second tab of the same session, its socket connected, never reloaded.
    const second = await context.newPage();
    await openMyComponents(second);
    expect(await names(second)).toEqual(['Hinge']);
    await second.locator('.live-dot--online').waitFor();
    await second.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await page.bringToFront();

    await createInUi(page, 'Bracket');
    await eventually(
      () => names(second),
      (shown) => expect([...shown].sort()).toEqual(['Bracket', 'Hinge']),
    );

    // Rename: required, then the new name, here and there.
    await choose(page, 'Hinge', 'rename');
    const rename = page.getByRole('dialog', { name: 'Rename' });
    const nameField = rename.getByLabel('Name', { exact: true });
    expect(await nameField.inputValue()).toBe('Hinge');
    await nameField.fill('');
    await rename.getByText(REQUIRED).waitFor();
    await nameField.fill('Hinge v2');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rename.waitFor({ state: 'detached' });
    await item(page, 'Hinge v2').waitFor();
    await eventually(
      () => names(second),
      (shown) => expect([...shown].sort()).toEqual(['Bracket', 'Hinge v2']),
    );

    // Delete: under the spec's warning, enabled only by the exact name.
    await choose(page, 'Bracket', 'delete');
    const remove = page.getByRole('dialog', { name: 'Delete component' });
    expect(await remove.getByTestId('delete-warning').textContent()).toBe(WARNING);
    const confirm = remove.getByLabel('Component name', { exact: true });
    const button = remove.getByRole('button', { name: 'Delete' });
    expect(await button.isDisabled()).toBe(true);
    await confirm.fill('bracket');
    expect(await button.isDisabled()).toBe(true);
    // Checked once the dialog's fade-in is over (mid-fade its text is paler than it will be).
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectNoSeriousA11yViolations(page, 'Delete component dialog');
    await confirm.fill('Bracket');
    await button.click();
    await remove.waitFor({ state: 'detached' });
    await item(page, 'Bracket').waitFor({ state: 'detached' });
    await eventually(
      () => names(second),
      (shown) => expect(shown).toEqual(['Hinge v2']),
    );
    expect(await second.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'My Components, one item');
  });

  it('works with the keyboard alone, and fits 360 px in every view without scrolling sideways', async () => {
    await signUp(page, uniqueUser('components-keys'));
    await page.setViewportSize({ width: 360, height: 740 });
    await openMyComponents(page);
    await expectNoHorizontalScroll(page, 'empty, 360 px');

    // Create with Tab and Enter only.
    await tabTo(page, page.getByTestId('new-component'));
    await page.keyboard.press('Enter');
    const create = page.getByRole('dialog', { name: 'New Component' });
    await create.waitFor();
    await page.keyboard.type('A rather long component name that must not widen the page');
    await page.keyboard.press('Enter');
    await create.waitFor({ state: 'detached' });
    const long = 'A rather long component name that must not widen the page';
    await item(page, long).waitFor();

    // Rename through its menu with the keyboard: the menu button, Enter, the first entry, Enter.
    await tabTo(page, item(page, long).getByTestId('component-menu'));
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: `Actions for ${long}` }).waitFor();
    await page.keyboard.press('Enter');
    const rename = page.getByRole('dialog', { name: 'Rename' });
    await rename.waitFor();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Short');
    await page.keyboard.press('Enter');
    await rename.waitFor({ state: 'detached' });
    await item(page, 'Short').waitFor();

    for (const view of ['grid', 'compact', 'list']) {
      await page.evaluate((mode) => localStorage.setItem('display', mode), view);
      await page.reload();
      await item(page, 'Short').waitFor();
      await expectNoHorizontalScroll(page, `${view}, 360 px`);
      await expectNoSeriousA11yViolations(page, `My Components, ${view}, 360 px`);
    }
    // The view chosen is remembered under 'display'.
    expect(await page.evaluate(() => localStorage.getItem('display'))).toBe('list');
    expect(await page.locator('ul.models--list').count()).toBe(1);
  });
});

describe('Components of a team (spec 001 §6, §8; ADR 0051)', () => {
  it('a viewer reads the team’s components: New Component, Rename and Delete disabled (and 403), the owner’s new one live', async () => {
    const browser = await launchBrowser();
    try {
      const ownerSignUp = await signUpOnce(browser, DESKTOP, 'components-team-owner');
      const viewerSignUp = await signUpOnce(browser, DESKTOP, 'components-team-viewer');
      const owner = await contextAt(browser, DESKTOP, ownerSignUp.state);
      const viewer = await contextAt(browser, DESKTOP, viewerSignUp.state);
      const made = await owner.page.request.post('/api/workspace/team/my', { data: { name: 'Component Works' } });
      expect(made.status()).toBe(201);
      const team = (await made.json()) as { id: string };
      const invited = await owner.page.request.post('/api/workspace/team-member/invite', {
        data: { teamId: team.id, email: viewerSignUp.user.email, role: 'viewer' },
      });
      expect(invited.status()).toBe(201);

      // The viewer: the team's components page, read only.
      await viewer.page.goto(`/${team.id}/component`);
      await viewer.page.getByRole('heading', { name: 'Components', level: 1 }).waitFor();
      await viewer.page.getByTestId('empty-text').waitFor();
      expect(await viewer.page.getByTestId('empty-text').textContent()).toBe(EMPTY);
      expect(await viewer.page.getByTestId('new-component').isDisabled()).toBe(true);
      await viewer.page.locator('.live-dot--online').waitFor();

      // The owner creates one in the team: the viewer sees it without a reload, its Rename and Delete disabled.
      await owner.page.goto(`/${team.id}/component`);
      await owner.page.getByRole('heading', { name: 'Components', level: 1 }).waitFor();
      await createInUi(owner.page, 'Team hinge');
      await item(viewer.page, 'Team hinge').waitFor();
      await item(viewer.page, 'Team hinge').getByTestId('component-menu').click();
      const menu = viewer.page.getByRole('menu', { name: 'Actions for Team hinge' });
      expect(await menu.getByTestId('component-rename').getAttribute('aria-disabled')).toBe('true');
      expect(await menu.getByTestId('component-delete').getAttribute('aria-disabled')).toBe('true');
      await expectNoSeriousA11yViolations(viewer.page, 'team components, viewer, menu open');
      // The viewer may read how many models use it (GET /api/workspace/component/used/{id}).
      const id = await item(viewer.page, 'Team hinge').getAttribute('data-component-id');
      const used = await viewer.page.request.get(`/api/workspace/component/used/${id}`);
      expect({ status: used.status(), body: await used.json() }).toEqual({ status: 200, body: { count: 0 } });
      // The service refuses the viewer as well (403), whatever the page shows.
      expect((await viewer.page.request.patch(`/api/workspace/component/${id}`, { data: { name: 'Nope' } })).status()).toBe(403);
      expect((await viewer.page.request.delete(`/api/workspace/component/model/${id}`)).status()).toBe(403);
      expect((await viewer.page.request.post('/api/workspace/component', { data: { name: 'Nope', teamId: team.id } })).status()).toBe(403);
      await owner.context.close();
      await viewer.context.close();
    } finally {
      await browser.close();
    }
  });
});
