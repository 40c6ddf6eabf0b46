import type { Page } from 'playwright-core';
import { eventually, signUp, uniqueUser, usePagePerTest } from '../support/browser';
import { createTeamInUi, crumbs, navTeam, navTeamNames, projectCard } from '../support/teams';

/** Opens a project card's menu and chooses an entry. */
async function chooseFromProjectMenu(page: Page, name: string, entry: 'settings' | 'delete'): Promise<void> {
  await projectCard(page, name).getByTestId('project-menu-button').click();
  await page
    .getByRole('menu', { name: `Actions for ${name}` })
    .getByTestId(`project-${entry}`)
    .click();
}

describe('teams and projects: create, open, settings and delete (spec 000 §2, §5, §6; spec 001 §2, §4, §5)', () => {
  let page: Page;
  usePagePerTest((opened) => {
    ({ page } = opened);
  });

  it('creates a team from the navigation, which lists it and opens its page', async () => {
    await signUp(page, uniqueUser('team'));
    await page.getByTestId('new-team-button').click();
    const dialog = page.getByRole('dialog', { name: 'New Team' });
    const name = dialog.getByLabel('Team name', { exact: true });
    // Trimmed, at least 3 characters.
    await name.fill('  ab  ');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Name should be at least 3 characters').waitFor();
    await name.fill('Studio One');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByTestId('team-title').filter({ hasText: 'Studio One' }).waitFor();
    const teamId = new URL(page.url()).pathname.slice(1);
    expect(teamId).toMatch(/^[0-9a-f]{24}$/);
    expect(await navTeamNames(page)).toEqual(['Studio One']);
    await page.getByTestId('projects-empty').filter({ hasText: 'You don’t have projects' }).waitFor();
    expect(await crumbs(page)).toEqual(['Studio One']);

    // The owner opens assets and components, the members and the settings.
    for (const tool of ['team-assets', 'team-components', 'team-members', 'team-settings']) {
      expect({ tool, enabled: await page.getByTestId(tool).isEnabled() }).toEqual({ tool, enabled: true });
    }

    // A reload shows the same: the server has the team.
    await page.reload();
    await page.getByTestId('team-title').filter({ hasText: 'Studio One' }).waitFor();
    expect(await navTeamNames(page)).toEqual(['Studio One']);
  });

  it('creates a project from the popover, opens it, and lists it in the navigation and on the team page', async () => {
    await signUp(page, uniqueUser('project'));
    const teamId = await createTeamInUi(page, 'Kiln Works');

    await page.getByTestId('new-project-button').click();
    const popover = page.getByRole('dialog', { name: 'New Project' });
    const field = popover.getByLabel('Project name', { exact: true });
    await field.fill('ab');
    await popover.getByRole('button', { name: 'Create' }).click();
    await popover.getByText('Name should be at least 3 characters').waitFor();
    await field.fill('Spring line');
    await popover.getByRole('button', { name: 'Create' }).click();

    // The answer's id is where the app goes (spec 001 §7).
    await page.getByTestId('project-title').filter({ hasText: 'Spring line' }).waitFor();
    const [, projectId] = new URL(page.url()).pathname.split('/').filter(Boolean);
    expect(projectId).toMatch(/^[0-9a-f]{24}$/);
    expect(await crumbs(page)).toEqual(['Kiln Works', 'Spring line']);
    await navTeam(page, teamId).getByTestId('nav-project').filter({ hasText: 'Spring line' }).waitFor();

    // Back on the team page the card is there; its name opens the project.
    await page.getByTestId('breadcrumbs').getByRole('link', { name: 'Kiln Works' }).click();
    await projectCard(page, 'Spring line').waitFor();
    await projectCard(page, 'Spring line').getByRole('link', { name: 'Spring line' }).click();
    await page.waitForURL((url) => url.pathname === `/${teamId}/${projectId}`);
    await page.getByTestId('project-title').filter({ hasText: 'Spring line' }).waitFor();
  });

  it('saves team settings only when something changed, and requires a name', async () => {
    await signUp(page, uniqueUser('settings'));
    const teamId = await createTeamInUi(page, 'Old Name');

    await page.getByTestId('team-settings').click();
    const dialog = page.getByRole('dialog', { name: 'Team settings' });
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    const name = dialog.getByLabel('Name', { exact: true });
    await name.fill('');
    await dialog.getByText('This field is required').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await name.fill('Old Name');
    expect(await save.isDisabled()).toBe(true); // back to what it was: nothing changed
    await name.fill('New Name');
    await dialog.getByLabel('Description', { exact: true }).fill('Where the gears are made');
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByTestId('team-title').filter({ hasText: 'New Name' }).waitFor();
    await page.getByText('Where the gears are made').waitFor();
    await eventually(
      () => navTeamNames(page),
      (names) => expect(names).toEqual(['New Name']),
    );
    const answer = await page.request.get(`/api/workspace/team/${teamId}`);
    expect(await answer.json()).toMatchObject({ name: 'New Name', description: 'Where the gears are made' });
  });

  it('renames a project and deletes it after the exact name is typed', async () => {
    await signUp(page, uniqueUser('projedit'));
    await createTeamInUi(page, 'Edit Team');
    await page.getByTestId('new-project-button').click();
    await page.getByRole('dialog', { name: 'New Project' }).getByLabel('Project name', { exact: true }).fill('Draft project');
    await page.getByRole('dialog', { name: 'New Project' }).getByRole('button', { name: 'Create' }).click();
    await page.getByTestId('project-title').waitFor();
    await page.getByTestId('breadcrumbs').getByRole('link', { name: 'Edit Team' }).click();

    await chooseFromProjectMenu(page, 'Draft project', 'settings');
    const settings = page.getByRole('dialog', { name: 'Project settings' });
    const save = settings.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await settings.getByLabel('Name', { exact: true }).fill(' ');
    await settings.getByText('This field is required').waitFor();
    await settings.getByLabel('Name', { exact: true }).fill('Final project');
    await settings.getByLabel('Description', { exact: true }).fill('The one we ship');
    await save.click();
    await settings.waitFor({ state: 'detached' });
    await projectCard(page, 'Final project').getByText('The one we ship').waitFor();

    await chooseFromProjectMenu(page, 'Final project', 'delete');
    const remove = page.getByRole('dialog', { name: 'Delete project' });
    await remove.getByText('Unexpected bad things will happen if you don’t read this!').waitFor();
    const confirm = remove.getByRole('button', { name: 'Delete' });
    const typed = remove.getByLabel('Project name', { exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await typed.fill('final project');
    expect(await confirm.isDisabled()).toBe(true);
    await typed.fill('Final project');
    await confirm.click();
    await remove.waitFor({ state: 'detached' });
    await page.getByTestId('projects-empty').waitFor();
    expect(await projectCard(page, 'Final project').count()).toBe(0);
  });

  it('deletes a team from its settings after the exact name is typed, and goes home', async () => {
    await signUp(page, uniqueUser('teamdel'));
    const teamId = await createTeamInUi(page, 'Short lived');
    await page.getByTestId('team-settings').click();
    await page.getByRole('dialog', { name: 'Team settings' }).getByTestId('delete-team').click();
    const remove = page.getByRole('dialog', { name: 'Delete team' });
    await remove.getByText('Unexpected bad things will happen if you don’t read this!').waitFor();
    const confirm = remove.getByRole('button', { name: 'Delete' });
    await remove.getByLabel('Team name', { exact: true }).fill('Short live');
    expect(await confirm.isDisabled()).toBe(true);
    await remove.getByLabel('Team name', { exact: true }).fill('Short lived');
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/');
    await eventually(
      () => navTeamNames(page),
      (names) => expect(names).toEqual([]),
    );
    // The API reads the team's read model: the delete's answer waits for it only so long (2 s) on a loaded machine.
    await eventually(
      async () => (await page.request.get(`/api/workspace/team/${teamId}`)).status(),
      (status) => expect(status).toBeGreaterThanOrEqual(400),
    );
  });
});
