import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { signUp, uniqueUser, usePagePerTest, waitForMyModels } from '../support/browser';

/**
 * The parts split off the first load (docs/adr/0013): `/` opens without them, they load when needed (or
 * when the button that needs them is pointed at), and a part that cannot be fetched says so.
 * The chunk files are read from the build's manifest, so the test does not depend on their names.
 */
interface ManifestChunk {
  file: string;
  imports?: string[];
}
// The build the stack serves: WEB_DIST when set (deploy/src/stack.ts resolves it from the repository), else web/dist.
const webDist = path.resolve(__dirname, '../../..', process.env.WEB_DIST ?? 'web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const fileOf = (source: string): string => {
  const chunk = manifest[source];
  if (!chunk) throw new Error(`the build manifest has no ${source}: run npm run build:web`);
  return `/${chunk.file}`;
};
const AUTH_PAGES = fileOf('src/auth/AuthPages.tsx');
const MODEL_DIALOGS = fileOf('src/models/ModelDialogs.ts');
const SOCKET = fileOf('src/realtime/socket.ts');

/** Paths of the JS files the page requests from now on. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.push(pathname);
  });
  return scripts;
}

describe('parts loaded after the first load', () => {
  let context: BrowserContext;
  let page: Page;
  usePagePerTest((opened) => {
    ({ context, page } = opened);
  });

  it('opens My Models without the sign-in forms or the dialogs, connects the socket after, and fetches the dialogs on pointing at New Model', async () => {
    await signUp(page, uniqueUser('lazy'));
    // A new load of `/`, signed in.
    const fresh = await context.newPage();
    const scripts = recordScripts(fresh);
    await fresh.goto('/');
    await waitForMyModels(fresh);
    await fresh.locator('.live-dot--online').waitFor();
    expect(scripts).toContain(SOCKET);
    expect(scripts).not.toContain(AUTH_PAGES);
    expect(scripts).not.toContain(MODEL_DIALOGS);

    const dialogsFetched = fresh.waitForRequest((request) => new URL(request.url()).pathname === MODEL_DIALOGS);
    await fresh.getByTestId('new-model-button').hover();
    await dialogsFetched;
    await fresh.getByTestId('new-model-button').click();
    await fresh.getByRole('dialog', { name: 'New Model' }).getByLabel('Name', { exact: true }).waitFor();
  });

  it('says when a dialog cannot be loaded, and gives focus back to its button on closing', async () => {
    await signUp(page, uniqueUser('lazy-fail'));
    await page.reload();
    await waitForMyModels(page);
    await page.route(`**${MODEL_DIALOGS}`, (route) => route.abort('internetdisconnected'));

    const opener = page.getByTestId('new-model-button');
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New Model' });
    await dialog.getByRole('alert').getByText('This could not be loaded. Check your connection and reload the page.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
