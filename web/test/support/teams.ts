/**
 * Helpers of the team browser tests (teams*.browser.spec.ts, shell*.browser.spec.ts): teams and projects made
 * through the UI or the API, and the places on screen the tests read.
 */
import type { Locator, Page } from 'playwright-core';

/** The team id in the address of a team page (`/{teamId}` or deeper). */
export function teamIdOf(page: Page): string {
  const [teamId] = new URL(page.url()).pathname.split('/').filter(Boolean);
  if (!/^[0-9a-f]{24}$/.test(teamId ?? '')) throw new Error(`not a team page: ${page.url()}`);
  return teamId;
}

/** Opens New Team in the navigation, creates the team and waits for its page. Returns its id. */
export async function createTeamInUi(page: Page, name: string): Promise<string> {
  await page.getByTestId('new-team-button').click();
  const dialog = page.getByRole('dialog', { name: 'New Team' });
  await dialog.getByLabel('Team name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('team-title').filter({ hasText: name }).waitFor();
  return teamIdOf(page);
}

/** Creates a team through the API with the page's session cookie. */
export async function createTeamViaApi(page: Page, name: string): Promise<{ id: string; name: string }> {
  const response = await page.request.post('/api/workspace/team/my', { data: { name } });
  if (response.status() !== 201) throw new Error(`POST /api/workspace/team/my ${name}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: string; name: string };
}

export async function createProjectViaApi(page: Page, teamId: string, name: string): Promise<{ id: string; name: string }> {
  const response = await page.request.post('/api/workspace/team-project', { data: { teamId, name } });
  if (response.status() !== 201) throw new Error(`POST /api/workspace/team-project ${name}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: string; name: string };
}

export async function inviteViaApi(page: Page, teamId: string, email: string, role: 'viewer' | 'editor'): Promise<void> {
  const response = await page.request.post('/api/workspace/team-member/invite', { data: { teamId, email, role } });
  if (response.status() !== 201) throw new Error(`invite ${email}: ${response.status()} ${await response.text()}`);
}

/** The teams listed in the navigation, by name. */
export function navTeamNames(page: Page): Promise<string[]> {
  return page.getByTestId('nav-team').evaluateAll((nodes) => nodes.map((node) => node.querySelector('.team-name')?.textContent ?? ''));
}

export const navTeam = (page: Page, teamId: string): Locator => page.locator(`[data-testid="nav-team"][data-team-id="${teamId}"]`);

export const projectCard = (page: Page, name: string): Locator =>
  page.locator(`[data-testid="project-card"][data-project-name="${name.replace(/"/g, '\\"')}"]`);

export const memberRow = (page: Page, email: string): Locator => page.locator(`[data-testid="member-row"][data-email="${email}"]`);

/** The breadcrumbs' texts, in order. */
export function crumbs(page: Page): Promise<string[]> {
  return page.getByTestId('breadcrumbs').locator('li').allInnerTexts();
}
