import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createModelViaApi, eventually, launchBrowser, modelItem, waitForMyModels, type TestUser } from '../support/browser';
import { contextAt, DESKTOP, expectNoHorizontalScroll, expectNoSeriousA11yViolations, PHONE, signUpOnce } from '../support/layout';

type State = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Opens a model's menu and returns it. */
async function openMenu(page: Page, name: string) {
  await modelItem(page, name).getByTestId('model-menu-button').click();
  const menu = page.getByRole('menu', { name: `Actions for ${name}` });
  await menu.waitFor();
  return menu;
}

// Sharing (spec 000 §2, §4, §6): the owner shares a model with a second user, who is notified (bell badge), finds
// it in Shared with me with the role given and a menu that follows that role, and can mark all read.
// Needs PATCH/GET /api/workspace/model/share/{id}, GET /api/workspace/shared-model/my (workspace sharing slice),
// and the notification made from the share (notifications slice).
describe('sharing a model and being notified', () => {
  let browser: Browser;
  let owner: { user: TestUser; state: State };
  let friend: { user: TestUser; state: State };

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await signUpOnce(browser, DESKTOP, 'owner');
    friend = await signUpOnce(browser, DESKTOP, 'friend');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shares as viewer; the friend gets a notification, sees the model in Shared with me, and has only a viewer’s menu', async () => {
    const a = await contextAt(browser, DESKTOP, owner.state);
    const b = await contextAt(browser, DESKTOP, friend.state);
    try {
      await b.page.goto('/');
      await waitForMyModels(b.page);
      await b.page.locator('.live-dot--online').waitFor();
      expect(await b.page.getByTestId('notification-badge').count()).toBe(0);

      await createModelViaApi(a.page, 'Shared turbine');
      await a.page.goto('/');
      await waitForMyModels(a.page);
      await (await openMenu(a.page, 'Shared turbine')).getByTestId('model-menu-share').click();
      const dialog = a.page.getByRole('dialog', { name: 'Share Shared turbine' });
      await dialog.getByTestId('share-owner').waitFor();
      const invite = dialog.getByTestId('share-invite');
      await dialog.getByTestId('share-email').fill('not-an-email');
      expect(await invite.isDisabled()).toBe(true);
      await dialog.getByTestId('share-email').fill(friend.user.email);
      expect(await invite.isEnabled()).toBe(true);
      await invite.click();
      const row = dialog.locator(`[data-testid="share-row"][data-email="${friend.user.email.toLowerCase()}"]`);
      await row.waitFor();
      expect(await row.getByTestId('share-role').inputValue()).toBe('viewer');
      // The owner row is fixed: no role to choose, nothing to remove.
      expect(await dialog.getByTestId('share-owner').locator('select, button').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Done' }).click();

      // The friend: the badge comes live, the panel lists the notification, its click leads to Shared with me.
      await eventually(
        () =>
          b.page
            .getByTestId('notification-badge')
            .textContent()
            .catch(() => null),
        (text) => expect(text).toBe('1'),
      );
      await b.page.getByTestId('notification-bell').click();
      const item = b.page.getByTestId('notification-item').first();
      await item.waitFor();
      expect(await item.textContent()).toContain('Shared turbine');
      await item.click();
      await b.page.waitForURL((url) => url.pathname === '/shared-models');
      await modelItem(b.page, 'Shared turbine').waitFor();
      expect(await modelItem(b.page, 'Shared turbine').getByTestId('model-role').textContent()).toBe('viewer');
      await eventually(
        () => b.page.getByTestId('notification-badge').count(),
        (count) => expect(count).toBe(0),
      );

      // A viewer: Edit, Configurator and Share are disabled; Viewer and Leave are not.
      const menu = await openMenu(b.page, 'Shared turbine');
      const disabled = async (id: string) => (await menu.getByTestId(`model-menu-${id}`).getAttribute('aria-disabled')) === 'true';
      expect({
        edit: await disabled('edit'),
        configurator: await disabled('configurator'),
        share: await disabled('share'),
        viewer: await disabled('viewer'),
        leave: await disabled('leave'),
      }).toEqual({ edit: true, configurator: true, share: true, viewer: false, leave: false });
      await b.page.keyboard.press('Escape');

      // The owner changes the role to editor: the friend's list follows after the push.
      await (await openMenu(a.page, 'Shared turbine')).getByTestId('model-menu-share').click();
      await row.getByTestId('share-role').selectOption('editor');
      await eventually(
        () => modelItem(b.page, 'Shared turbine').getByTestId('model-role').textContent(),
        (text) => expect(text).toBe('editor'),
      );
      await a.page.keyboard.press('Escape');

      // Mark all read: a role-change notification came; the badge goes away.
      await eventually(
        () => b.page.getByTestId('notification-badge').count(),
        (count) => expect(count).toBe(1),
      );
      await b.page.getByTestId('notification-bell').click();
      await b.page.getByTestId('mark-all-read').click();
      await eventually(
        () => b.page.getByTestId('notification-badge').count(),
        (count) => expect(count).toBe(0),
      );
      // The server agrees.
      await eventually(
        async () => (await (await b.page.request.get('/api/notification/user-notification/count')).json()).unreadCount,
        (unread) => expect(unread).toBe(0),
        5000,
      );

      // Leave asks first, then the model is gone from Shared with me.
      await (await openMenu(b.page, 'Shared turbine')).getByTestId('model-menu-leave').click();
      await b.page.getByRole('dialog', { name: 'Leave model' }).getByTestId('confirm-leave').click();
      await b.page.getByTestId('empty-text').waitFor();
      expect(await b.page.getByTestId('empty-text').textContent()).toBe('You don’t have Shared models');
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  it('has no serious axe finding on a phone (390x844): share dialog, Shared with me, notifications panel', async () => {
    const a = await contextAt(browser, PHONE, owner.state);
    const b = await contextAt(browser, PHONE, friend.state);
    try {
      await createModelViaApi(a.page, 'Phone share');
      await a.page.goto('/');
      await waitForMyModels(a.page);
      await (await openMenu(a.page, 'Phone share')).getByTestId('model-menu-share').click();
      const dialog = a.page.getByRole('dialog', { name: 'Share Phone share' });
      await dialog.getByTestId('share-email').fill(friend.user.email);
      await dialog.getByTestId('share-invite').click();
      await dialog.getByTestId('share-row').first().waitFor();
      await expectNoSeriousA11yViolations(a.page, 'phone: share dialog');
      await a.page.keyboard.press('Escape');
      await (await openMenu(a.page, 'Phone share')).getByTestId('model-menu-embed').click();
      const embed = a.page.getByRole('dialog', { name: 'Embed code' });
      expect(await embed.getByTestId('embed-snippet').inputValue()).toContain('width="1210" height="860"');
      await expectNoSeriousA11yViolations(a.page, 'phone: embed code');

      await b.page.goto('/shared-models');
      await modelItem(b.page, 'Phone share').waitFor();
      await expectNoSeriousA11yViolations(b.page, 'phone: Shared with me');
      await expectNoHorizontalScroll(b.page, 'phone: Shared with me');
      await b.page.getByTestId('notification-bell').click();
      await b.page.getByTestId('notification-item').first().waitFor();
      await expectNoSeriousA11yViolations(b.page, 'phone: notifications panel');
      await expectNoHorizontalScroll(b.page, 'phone: notifications panel');
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
