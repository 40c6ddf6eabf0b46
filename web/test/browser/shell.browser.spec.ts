import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, modelItem, waitForMyModels, type TestUser } from '../support/browser';
import {
  contextAt,
  withPageAt,
  DESKTOP,
  expectFullyShown,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  PHONE,
  signUpOnce,
  SMALL_PHONE,
} from '../support/layout';
import { createProjectViaApi, createTeamViaApi, crumbs } from '../support/teams';

type State = Awaited<ReturnType<BrowserContext['storageState']>>;

// The shell (spec 000 §2): every route has a page, the user menu's links, breadcrumbs, the list tools' rule,
// the navigation's widths, the profile; and axe-core on every team screen at 390x844.
describe('the workspace shell, team screens and profile', () => {
  let browser: Browser;
  let state: State;
  let user: TestUser;
  let team: { id: string; name: string };
  let project: { id: string; name: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ user, state } = await signUpOnce(browser, DESKTOP, 'shell'));
    const { context, page } = await contextAt(browser, DESKTOP, state);
    team = await createTeamViaApi(page, 'Shell Team');
    project = await createProjectViaApi(page, team.id, 'Shell Project');
    await page.request.post('/api/workspace/model', { data: { name: 'Anvil' } });
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const at = (viewport: { width: number; height: number }, run: (page: Page) => Promise<void>) => withPageAt(browser, viewport, state, run);
  const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().innerText();

  it('has a page for every route of spec 000 §2, naming its area; never blank, never "not found"', async () => {
    await at(DESKTOP, async (page) => {
      const t = `/${team.id}`;
      const p = `${t}/${project.id}`;
      const later: [string, string][] = [
        // Plugins, components, every asset library (fonts, images, vector graphics, 3D objects, textures, scenes) and the business
        // screens are built (web/src/plugins, web/src/components, web/src/assets, web/src/fonts, web/src/textures, web/src/scenes, web/src/business).
        ['/market', 'Market'],
        [`/market/portfolio/${team.id}`, 'Portfolio'],
        ['/account', 'Account'],
      ];
      for (const [path, title] of later) {
        await page.goto(path);
        await page
          .getByTestId('coming-soon')
          .waitFor()
          .catch(async () => {
            throw new Error(`${path}: no "not available yet" page; the page says: ${(await page.locator('body').innerText()).slice(0, 300)}`);
          });
        expect({ path, title: await heading(page) }).toEqual({ path, title });
        await page.getByText(`${title} is not available yet.`).waitFor();
      }
      for (const [path, title] of [
        [t, 'Shell Team'],
        [`${t}/members`, 'Members'],
        [p, 'Shell Project'],
        ['/profile', 'Profile'],
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      }
      await page.goto('/no/such/place');
      await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    });
  });

  it('shows breadcrumbs by scope and hides search and sort where spec 000 §2 says', async () => {
    await at(DESKTOP, async (page) => {
      const search = page.getByTestId('search-input');
      const cases: [string, string[], boolean][] = [
        ['/', ['My Models'], true],
        [`/${team.id}`, ['Shell Team'], true],
        [`/${team.id}/${project.id}`, ['Shell Team', 'Shell Project'], true],
        [`/${team.id}/members`, ['Shell Team', 'Members'], false],
        [`/${team.id}/${project.id}/assets/texture/edit/t1`, ['Shell Team', 'Shell Project', 'Assets', 'Textures', 'Edit texture'], false],
        ['/assets/texture/community', ['My Assets', 'Textures', 'Community textures'], false],
        ['/assets/image', ['My Assets', 'Images'], false],
        [`/${team.id}/assets`, ['Shell Team', 'Assets'], false],
        ['/plugin', ['Plugins'], false],
        ['/business/orders/o1', ['Business dashboard', 'Orders', 'o1'], false],
        ['/business/quotes/q1', ['Business dashboard', 'Quotes', 'q1'], false],
        ['/business/store-fronts', ['Business dashboard', 'StoreFronts'], false],
      ];
      for (const [path, expected, tools] of cases) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page
          .getByTestId('breadcrumbs')
          .getByText(expected[expected.length - 1], { exact: true })
          .waitFor();
        expect({ path, crumbs: await crumbs(page), tools: (await search.count()) > 0 }).toEqual({ path, crumbs: expected, tools });
      }
    });
  });

  it('leads from the user menu to Market, Portfolio, Account and back with Exit Editor', async () => {
    await at(DESKTOP, async (page) => {
      await page.goto('/');
      await waitForMyModels(page);
      const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string };
      const choose = async (item: string) => {
        await page.getByRole('button', { name: /^User menu for / }).click();
        await page.getByRole('menu', { name: 'User menu' }).getByRole('menuitem', { name: item }).click();
      };
      await choose('Market');
      await page.waitForURL((url) => url.pathname === '/market');
      await choose('Portfolio');
      await page.waitForURL((url) => url.pathname === `/market/portfolio/${me.id}`);
      await choose('Account');
      await page.waitForURL((url) => url.pathname === '/account');
      await choose('Exit Editor');
      await waitForMyModels(page);
    });
  });

  it('is 300 px wide, 80 px narrow, and lists the teams with their projects', async () => {
    await at(DESKTOP, async (page) => {
      await page.goto('/');
      await waitForMyModels(page);
      const width = () => page.locator('#sidenav').evaluate((el) => Math.round(el.getBoundingClientRect().width));
      expect(await width()).toBe(300);
      await page.getByRole('button', { name: 'Projects of Shell Team' }).click();
      await page.getByTestId('nav-project').filter({ hasText: 'Shell Project' }).click();
      await page.waitForURL((url) => url.pathname === `/${team.id}/${project.id}`);
      await page.getByRole('button', { name: 'Collapse navigation' }).click();
      expect(await width()).toBe(80);
      await page.getByRole('button', { name: 'Expand navigation' }).click();
      expect(await width()).toBe(300);
    });
  });

  it('changes the full name on the profile page; the name is required', async () => {
    const { context, page } = await contextAt(browser, DESKTOP, state);
    try {
      await page.goto('/profile');
      const name = page.getByLabel('Full name', { exact: true });
      await name.fill('   ');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('This field is required').waitFor();
      await name.fill('Renamed Person');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('profile-saved').waitFor();
      await page.getByTestId('user-name').filter({ hasText: 'Renamed Person' }).waitFor();
      await page.reload();
      await page.getByTestId('profile-name').filter({ hasText: 'Renamed Person' }).waitFor();
      // Back to the first name, for the other tests of this file.
      await page.getByLabel('Full name', { exact: true }).fill(user.fullName);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('profile-saved').waitFor();
    } finally {
      await context.close();
    }
  });

  it('finds nothing serious with axe-core on the team screens at 390x844, and nothing scrolls sideways', async () => {
    await at(PHONE, async (page) => {
      const check = async (screen: string) => {
        await expectNoSeriousA11yViolations(page, screen);
        await expectNoHorizontalScroll(page, screen);
      };
      await page.goto('/');
      await waitForMyModels(page);
      await modelItem(page, 'Anvil').waitFor();
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByTestId('nav-team').first().waitFor();
      await check('navigation with teams');
      await page.getByTestId('new-team-button').click();
      const newTeam = page.getByRole('dialog', { name: 'New Team' });
      await newTeam.getByRole('button', { name: 'Create' }).click();
      await newTeam.getByTestId('field-error').waitFor();
      await check('New Team with an error');
      await page.keyboard.press('Escape');

      await page.goto(`/${team.id}`);
      await page.getByTestId('project-card').first().waitFor();
      await check('team page');
      await page.getByTestId('new-project-button').click();
      await page.getByRole('dialog', { name: 'New Project' }).getByLabel('Project name', { exact: true }).waitFor();
      await check('New Project popover');
      await page.keyboard.press('Escape');
      await page.getByTestId('project-menu-button').first().click();
      await page.getByRole('menu', { name: 'Actions for Shell Project' }).waitFor();
      await check('project menu');
      await page.getByTestId('project-settings').click();
      await page.getByRole('dialog', { name: 'Project settings' }).waitFor();
      await check('project settings');
      await page.keyboard.press('Escape');
      await page.getByTestId('project-menu-button').first().click();
      await page.getByTestId('project-delete').click();
      await page.getByRole('dialog', { name: 'Delete project' }).waitFor();
      await check('delete project');
      await page.keyboard.press('Escape');
      await page.getByTestId('team-settings').click();
      await page.getByRole('dialog', { name: 'Team settings' }).waitFor();
      await check('team settings');
      await page.getByTestId('delete-team').click();
      await page.getByRole('dialog', { name: 'Delete team' }).waitFor();
      await check('delete team');
      await page.keyboard.press('Escape');

      await page.goto(`/${team.id}/${project.id}`);
      await page.getByTestId('project-title').waitFor();
      await check('project page');

      await page.goto(`/${team.id}/members`);
      await page.getByTestId('member-row').first().waitFor();
      await check('members');
      await page.getByTestId('invite-button').click();
      const invite = page.getByRole('dialog', { name: 'Invite member' });
      await invite.getByRole('button', { name: 'Invite' }).click();
      await invite.getByTestId('field-error').first().waitFor();
      await check('invite with errors');
      await page.keyboard.press('Escape');

      await page.goto('/profile');
      await page.getByLabel('Full name', { exact: true }).waitFor();
      await check('profile');
      await page.goto('/market');
      await page.getByTestId('coming-soon').waitFor();
      await check('not available yet');
    });
  });

  it('runs New Team, New Project and the invite dialog by keyboard', async () => {
    await at(DESKTOP, async (page) => {
      await page.goto('/');
      await waitForMyModels(page);
      const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');
      await page.getByTestId('new-team-button').focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'New Team' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Team name', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('Keyboard Team');
      await page.keyboard.press('Enter');
      await page.getByTestId('team-title').filter({ hasText: 'Keyboard Team' }).waitFor();

      // The popover opens with Enter, takes focus, and Escape closes it and gives focus back to its button.
      await page.getByTestId('new-project-button').focus();
      await page.keyboard.press('Enter');
      const popover = page.getByRole('dialog', { name: 'New Project' });
      const field = popover.getByLabel('Project name', { exact: true });
      await field.waitFor();
      expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Escape');
      await popover.waitFor({ state: 'detached' });
      expect(await focusedName()).toContain('New Project');

      await page.getByTestId('team-members').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('invite-button').focus();
      await page.keyboard.press('Enter');
      const invite = page.getByRole('dialog', { name: 'Invite member' });
      await invite.getByLabel('E-mail', { exact: true }).waitFor();
      await page.keyboard.type('Keyboard.Person@Example.test');
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowDown'); // the native select: Viewer
      // Enter in a select does not submit a form; back in the e-mail field it does.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await invite.waitFor({ state: 'detached' });
      await page.locator('[data-testid="member-row"][data-email="keyboard.person@example.test"]').waitFor();
      expect(await focusedName()).toContain('Invite');
    });
  });

  it('fits 360 px: the team page, its tools and the members list', async () => {
    await at(SMALL_PHONE, async (page) => {
      await page.goto(`/${team.id}`);
      await page.getByTestId('project-card').first().waitFor();
      await expectNoHorizontalScroll(page, 'team page at 360');
      for (const tool of ['team-assets', 'team-components', 'team-members', 'team-settings']) await expectFullyShown(page.getByTestId(tool), tool);
      await page.getByTestId('new-project-button').click();
      await expectFullyShown(page.getByRole('dialog', { name: 'New Project' }).getByRole('button', { name: 'Create' }), 'New Project: Create');
      await page.keyboard.press('Escape');
      await page.goto(`/${team.id}/members`);
      await page.getByTestId('member-row').first().waitFor();
      await expectNoHorizontalScroll(page, 'members at 360');
      await expectFullyShown(page.getByTestId('invite-button'), 'Invite');
    });
  });
});
