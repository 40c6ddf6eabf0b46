import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ZipFile } from 'yazl';
import { eventually, field, launchBrowser, withStaleAnswers } from '../support/browser';
import { DESKTOP, expectNoHorizontalScroll, expectNoSeriousA11yViolations, signUpOnce, SMALL_PHONE, withPageAt } from '../support/layout';

/** A small fixture plugin made here as a zip (yazl): its build script writes dist/ and a manifest, or fails. */
async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name, { mode: 0o100644 });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
const pkg = (build: string) => JSON.stringify({ name: 'fixture-plugin', version: '1.0.0', private: true, main: 'dist/index.js', scripts: { build } });
const buildingPlugin = () =>
  zipOf({
    'fixture/package.json': pkg('node build.js'),
    'fixture/build.js': [
      "const fs = require('fs');",
      "fs.mkdirSync('dist', { recursive: true });",
      "fs.writeFileSync('dist/index.js', 'module.exports = 1;\\n');",
      "fs.writeFileSync('dist/kiln-plugin.json', JSON.stringify({ groups: [{ name: 'A', nodes: [1, 2] }, { name: 'B', nodes: [3] }] }));",
      "console.log('built 2 files');",
    ].join('\n'),
  });
const failingPlugin = () => zipOf({ 'package.json': pkg('node -e "console.error(\'boom: the build broke\'); process.exit(2)"') });

const hex = () => randomBytes(4).toString('hex');
const DAY_MS = 24 * 60 * 60 * 1000;

async function createPluginViaApi(page: Page, over: Record<string, unknown> = {}): Promise<{ id: string; pluginId: string; name: string }> {
  const id = hex();
  const answer = await page.request.post('/api/bgpm/plugin/create-plugin', {
    data: { name: `Gear Tools ${id}`, pluginId: `@kiln/gear-${id}`, description: '<p>Gears and more</p>', type: 'library', ...over },
    headers: { 'Idempotency-Key': `plugin-${id}` },
  });
  if (answer.status() !== 201) throw new Error(`create-plugin: ${answer.status()} ${await answer.text()}`);
  return answer.json();
}

const stepStatuses = (page: Page) =>
  page.locator('main [data-testid="step-card"]').evaluateAll((nodes) => nodes.map((n) => `${n.getAttribute('data-step')}:${n.getAttribute('data-status')}`));

/** Uploads a zip through the version page's Upload zip (the file chooser of a real click). */
async function uploadZip(page: Page, name: string, content: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('version-toolbar').getByTestId('upload-zip').click();
  await (await chooser).setFiles({ name, mimeType: 'application/zip', buffer: content });
}

/** A new plugin's version 1.0.0 with a zip whose build fails, its page open with Build ready to click. */
async function failingVersionReady(page: Page): Promise<{ id: string }> {
  const plugin = await createPluginViaApi(page);
  const made = await page.request.post('/api/bgpm/plugin-version/create-new-version', { data: { pluginId: plugin.id, version: '1.0.0' } });
  expect(made.status()).toBe(201);
  await page.goto(`/plugin/${plugin.id}/version?version=1.0.0`);
  await uploadZip(page, 'broken.zip', await failingPlugin());
  await eventually(
    () => page.getByTestId('run-pipeline').isDisabled(),
    (d) => expect(d).toBe(false),
  );
  return plugin;
}

// Plugin screens (spec 001 §2–§5, §8; ADR 0034): list, form rules, info page, versions and the live pipeline.
describe('Plugins', () => {
  let browser: Browser;
  let state: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ state } = await signUpOnce(browser, DESKTOP, 'plugins'));
  });
  afterAll(async () => {
    await browser?.close();
  });
  const at = (viewport: typeof DESKTOP, run: (page: Page) => Promise<void>) => withPageAt(browser, viewport, state, run);

  it('creates a plugin through the form with every rule of §5, then lists it under Private and All', async () => {
    await at(DESKTOP, async (page) => {
      await page.goto('/plugin');
      expect(await page.getByTestId('empty-text').textContent()).toBe('You don’t have plugins');
      const taken = await createPluginViaApi(page);

      await page.getByTestId('new-plugin').click();
      await page.getByRole('heading', { name: 'New Plugin', level: 1 }).waitFor();
      const submit = page.getByTestId('plugin-submit');
      expect(await submit.isDisabled()).toBe(true);

      // The slug follows the title.
      const id = hex();
      await field(page, 'Title').fill(`My Gear Plugin ${id}!`);
      expect(await field(page, 'Slug').inputValue()).toBe(`my-gear-plugin-${id}`);
      // Formats, then the server's uniqueness answer 200 ms after typing.
      await field(page, 'Plugin ID').fill('Bad Id');
      await eventually(
        () => page.getByTestId('field-error').allTextContents(),
        (t) => expect(t).toContain('Invalid format'),
      );
      await field(page, 'Plugin ID').fill(taken.pluginId);
      await eventually(
        () => page.getByTestId('field-error').allTextContents(),
        (t) => expect(t).toContain('Plugin already exists'),
      );
      await field(page, 'Slug').fill(taken.name.toLowerCase().replace(/ /g, '-'));
      await eventually(
        () => page.getByTestId('field-error').allTextContents(),
        (t) => expect(t).toContain('Slug already used'),
      );
      await field(page, 'Slug').fill(`my-gear-plugin-${id}`);
      await field(page, 'Plugin ID').fill(`@kiln/my-gear-${id}`);
      // Description: at least 2 characters once the tags are stripped.
      await field(page, 'Description (HTML)').fill('<b>x</b>');
      await page.getByLabel('Type').selectOption('library');
      await eventually(
        () => page.getByTestId('field-error').allTextContents(),
        (t) => expect(t).toEqual(['This field is required']),
      );
      expect(await submit.isDisabled()).toBe(true);
      await field(page, 'Description (HTML)').fill('<p>Gears <script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 1"></p>');
      await field(page, 'Readme (Markdown)').fill('# Gear\n\nWatch https://www.youtube.com/watch?v=dQw4w9WgXcQ\n');
      // Private by default; the icon slots are there (md PNG, sm SVG).
      expect(await page.getByRole('switch', { name: 'Private' }).isChecked()).toBe(true);
      expect(await page.getByTestId('icon-slot').evaluateAll((n) => n.map((e) => e.getAttribute('data-slot')))).toEqual([
        'md-light',
        'md-dark',
        'sm-light',
        'sm-dark',
      ]);
      await eventually(
        () => submit.isDisabled(),
        (disabled) => expect(disabled).toBe(false),
      );
      await expectNoSeriousA11yViolations(page, 'new plugin form');
      await submit.click();

      await page.waitForURL((url) => url.pathname === '/plugin');
      const row = page.locator(`[data-testid="plugin-item"][data-plugin-name="My Gear Plugin ${id}!"]`);
      await row.waitFor();
      await page.getByTestId('plugin-filter-isPublic').click();
      expect(await page.getByTestId('empty-text').textContent()).toBe('You don’t have plugins');
      await page.getByTestId('plugin-filter-isPrivate').click();
      await row.waitFor();
      await expectNoSeriousA11yViolations(page, 'plugin list');

      // The info page: sanitised description (no script ran), readme with the YouTube player.
      await row.getByRole('link', { name: `My Gear Plugin ${id}!`, exact: true }).click();
      await page.getByRole('heading', { name: `My Gear Plugin ${id}!`, level: 1 }).waitFor();
      expect(await page.getByTestId('plugin-package-id').textContent()).toBe(`@kiln/my-gear-${id}`);
      expect(await page.getByTestId('plugin-position').textContent()).toBe('Private');
      expect(await page.getByTestId('plugin-description').innerHTML()).not.toMatch(/script|onerror/);
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await page.getByTestId('plugin-readme').locator('iframe').getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
      // The page's CSP lets that player (and no other frame) load.
      const csp = (await page.request.get(page.url())).headers()['content-security-policy'];
      expect(csp).toContain("frame-src 'self' https://www.youtube-nocookie.com");
      expect(await page.getByTestId('published-badge').count()).toBe(0);
    });
  });

  it('adds a version, uploads the fixture, watches the five steps turn green live, publishes alpha and publishes; unpublish only within 24 h', async () => {
    await at(DESKTOP, async (page) => {
      const plugin = await createPluginViaApi(page);
      await page.goto(`/plugin/${plugin.id}`);
      await page.getByTestId('add-version').click();
      const dialog = page.getByRole('dialog', { name: 'Add New Version' });
      expect(await dialog.getByTestId('next-version').textContent()).toBe('1.0.0');
      expect(await dialog.getByTestId('version-note').textContent()).toBe('Versions lower than the latest published or previously used are not accepted.');
      await expectNoSeriousA11yViolations(page, 'add version dialog');
      await dialog.getByTestId('create-version').click();

      await page.waitForURL((url) => url.pathname === `/plugin/${plugin.id}/version` && url.searchParams.get('version') === '1.0.0');
      expect(await page.getByTestId('version-status').textContent()).toBe('Pending');
      await eventually(
        () => stepStatuses(page),
        (s) => expect(s).toEqual(['unzip:pending', 'install:pending', 'build:pending', 'grab:pending', 'deploy:pending']),
      );
      // Pending: upload highlighted, Build waits for a zip, no publish yet; 0.0.0 aside, the version can be deleted.
      expect(await page.getByTestId('run-pipeline').isDisabled()).toBe(true);
      expect(await page.getByTestId('publish-toggle').count()).toBe(0);
      expect(await page.getByTestId('delete-version').isDisabled()).toBe(false);

      await uploadZip(page, 'fixture.zip', await buildingPlugin());
      await eventually(
        () => page.getByTestId('upload-progress').first().textContent(),
        (t) => expect(t).toContain('Upload Success'),
      );
      await eventually(
        () => page.getByTestId('run-pipeline').isDisabled(),
        (d) => expect(d).toBe(false),
      );
      await page.getByTestId('run-pipeline').click();

      // Live: no reload from here on; each step goes green as its push arrives, logs come on top.
      await eventually(
        () => stepStatuses(page),
        (s) => expect(s).toEqual(['unzip:success', 'install:success', 'build:success', 'grab:success', 'deploy:success']),
        60_000,
      );
      expect(await page.getByTestId('step-progress').first().textContent()).toBe('5 of 5 steps done');
      await eventually(
        () => page.getByTestId('version-status').textContent(),
        (t) => expect(t).toBe('Done'),
      );
      expect(await page.getByTestId('step-duration').count()).toBe(5);
      await eventually(
        () => page.getByTestId('log-line').count(),
        (n) => expect(n).toBeGreaterThan(0),
      );
      expect(await page.getByTestId('log-list').textContent()).toContain('built 2 files');
      // How builds are isolated here, and that this one was (ADR 0039).
      expect(await page.getByTestId('build-isolation').textContent()).toMatch(
        /^Builds run isolated with (bubblewrap|Linux namespaces \(unshare\)): no network/,
      );
      expect(await page.locator('.provenance').first().textContent()).toMatch(/built isolated with (bubblewrap|Linux namespaces \(unshare\))/);
      await expectNoSeriousA11yViolations(page, 'version page, done');

      await page.getByTestId('publish-alpha').click();
      await eventually(
        () => page.getByTestId('version-status').textContent(),
        (t) => expect(t).toBe('Alpha'),
      );
      expect(await page.getByTestId('publish-toggle').textContent()).toContain('Publish');
      await page.getByTestId('publish-toggle').click();
      await eventually(
        () => page.getByTestId('version-status').textContent(),
        (t) => expect(t).toBe('Published'),
      );
      expect(await page.getByTestId('publish-toggle').textContent()).toContain('Unpublish');
      // The live push may show Published before the request's own answer ends the button's busy state.
      await eventually(
        () => page.getByTestId('publish-toggle').isDisabled(),
        (disabled) => expect(disabled).toBe(false),
      );
      // Published: no upload, no delete.
      expect(await page.getByTestId('upload-zip').count()).toBe(0);
      expect(await page.getByTestId('delete-version').isDisabled()).toBe(true);

      // The info page shows the published plugin: badge, version, counts from the manifest.
      await page.goto(`/plugin/${plugin.id}`);
      await page.getByTestId('published-badge').waitFor();
      expect(await page.getByTestId('plugin-version').textContent()).toBe('1.0.0');
      expect(await page.getByTestId('plugin-groups').textContent()).toBe('2');
      expect(await page.getByTestId('plugin-nodes').textContent()).toBe('3');

      // 25 hours later (the browser's clock): Unpublish is still shown, disabled, with the reason.
      await page.clock.setFixedTime(new Date(Date.now() + DAY_MS + 60 * 60 * 1000));
      await page.goto(`/plugin/${plugin.id}/version?version=1.0.0`);
      await page.getByTestId('publish-toggle').waitFor();
      expect(await page.getByTestId('publish-toggle').textContent()).toContain('Unpublish');
      expect(await page.getByTestId('publish-toggle').isDisabled()).toBe(true);
      expect(await page.getByTestId('unpublish-closed').textContent()).toBe('A version can be unpublished only within 24 hours of publishing.');
    });
  });

  it('a failing build shows its failed step and the error log', async () => {
    await at(DESKTOP, async (page) => {
      await failingVersionReady(page);
      await page.getByTestId('run-pipeline').click();
      await eventually(
        () => stepStatuses(page),
        (s) => expect(s.slice(0, 3)).toEqual(['unzip:success', 'install:success', 'build:failed']),
        60_000,
      );
      await eventually(
        () => page.getByTestId('version-status').textContent(),
        (t) => expect(t).toBe('Failed'),
      );
      // The build's own output and the error that ended it, live in the log list.
      const errors = page.locator('[data-testid="log-line"][data-level="error"][data-step="build"]');
      await eventually(
        () => errors.allTextContents(),
        (t) => expect(t.join('\n')).toContain('Exited with code 2.'),
      );
      await eventually(
        () => page.getByTestId('log-list').textContent(),
        (t) => expect(t).toContain('boom: the build broke'),
      );
      // Failed: a new zip may be uploaded again.
      expect(await page.getByTestId('upload-zip').isDisabled()).toBe(false);
    });
  });

  // The Build answer waits for the read model; on a loaded machine the failure's push can come before it.
  it('keeps a failure pushed before the Build answer: the older answer does not put the version back to Pending', async () => {
    await at(DESKTOP, async (page) => {
      await failingVersionReady(page);
      // The Build answer is held back until the page shows the failed build.
      await page.route('**/api/bgpm/plugin-action/publish', async (route) => {
        const answer = await route.fetch();
        await eventually(
          () => stepStatuses(page),
          (s) => expect(s[2]).toBe('build:failed'),
          60_000,
        );
        await eventually(
          () => page.getByTestId('version-status').textContent(),
          (t) => expect(t).toBe('Failed'),
        );
        await route.fulfill({ response: answer });
      });
      const answered = page.waitForResponse('**/api/bgpm/plugin-action/publish', { timeout: 90_000 });
      await page.getByTestId('run-pipeline').click();
      await answered;
      await page.waitForTimeout(500);
      expect(await page.getByTestId('version-status').textContent()).toBe('Failed');
    });
  }, 120_000);

  // A refetch (after a reconnection, ADR 0071) may read a read model that has not applied the failure pushed before it.
  it('keeps a failure shown when a version answer fetched afterwards is older', async () => {
    await at(DESKTOP, async (page) => {
      // Once told, the version is answered as it was while the build ran (a read model behind the failure's push).
      const stale = await withStaleAnswers(page, /\/api\/bgpm\/plugin-version\?/);
      const plugin = await failingVersionReady(page);
      await page.getByTestId('run-pipeline').click();
      await eventually(
        () => page.getByTestId('version-status').textContent(),
        (t) => expect(t).toBe('Failed'),
        60_000,
      );
      const where = encodeURIComponent(JSON.stringify({ pluginId: plugin.id, version: '1.0.0' }));
      const answer = (await (await page.request.get(`/api/bgpm/plugin-version?where=${where}`)).json()) as { data: { updatedAt: string }[] };
      const [failed] = answer.data;
      const before = new Date(new Date(failed!.updatedAt).getTime() - 1000).toISOString();
      stale.serveStale({ data: [{ ...failed, status: 'pending', running: true, updatedAt: before }], total: 1 });
      // The live connection drops and comes back: the page fetches all it shows again, now and 2 s later.
      await stale.reconnect();
      expect(await page.getByTestId('version-status').textContent()).toBe('Failed');
    });
  }, 120_000);

  it('says so for an unknown plugin, a missing version, and keeps a public plugin public with the tooltip', async () => {
    await at(DESKTOP, async (page) => {
      await page.goto('/plugin/0123456789abcdef01234567');
      expect(await page.getByTestId('plugin-missing').textContent()).toBe("Plugin doesn't exist");
      await page.goto('/plugin/0123456789abcdef01234567/version');
      expect(await page.getByTestId('plugin-missing').textContent()).toBe('Plugin ID and version are required');

      const plugin = await createPluginViaApi(page, { private: false });
      await page.goto(`/plugin/edit/${plugin.id}`);
      await page.getByRole('heading', { name: 'Edit Plugin', level: 1 }).waitFor();
      expect(await page.getByRole('switch', { name: 'Private' }).isDisabled()).toBe(true);
      expect(await page.getByTestId('private-tooltip').textContent()).toBe("You can't turn public plugin into private");
      expect(await field(page, 'Plugin ID').getAttribute('readonly')).not.toBeNull();
      expect(await field(page, 'Slug').getAttribute('readonly')).not.toBeNull();
      // Edit: the title changes; the slug stays.
      const slug = await field(page, 'Slug').inputValue();
      await field(page, 'Title').fill('Renamed Gears');
      expect(await field(page, 'Slug').inputValue()).toBe(slug);
      await page.getByTestId('plugin-submit').click();
      await page.waitForURL((url) => url.pathname === '/plugin');
      await page.locator('[data-testid="plugin-item"][data-plugin-name="Renamed Gears"]').waitFor();
    });
  });

  it('every plugin screen fits 360 px and works by keyboard', async () => {
    await at(SMALL_PHONE, async (page) => {
      const plugin = await createPluginViaApi(page, { readme: 'See https://youtu.be/dQw4w9WgXcQ' });
      await page.request.post('/api/bgpm/plugin-version/create-new-version', { data: { pluginId: plugin.id, version: '1.0.0' } });

      await page.goto('/plugin');
      await page.locator('[data-testid="plugin-item"]').first().waitFor();
      await expectNoHorizontalScroll(page, 'plugin list at 360');
      // Keyboard: the filter buttons and New Plugin are reachable and work with Enter / Space.
      await page.getByTestId('plugin-filter-isPublic').focus();
      await page.keyboard.press('Space');
      await page.waitForURL((url) => url.searchParams.get('filter') === 'isPublic');
      // The address changes first, the pressed state with the next render: wait for it rather than read it once.
      await page.locator('[data-testid="plugin-filter-isPublic"][aria-pressed="true"]').waitFor();
      await page.getByTestId('new-plugin').focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'New Plugin', level: 1 }).waitFor();
      await expectNoHorizontalScroll(page, 'new plugin form at 360');
      await field(page, 'Title').focus();
      await page.keyboard.type('Keyboard Gears');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('@namespace/plugin-name');

      await page.goto(`/plugin/${plugin.id}`);
      await page.getByTestId('add-version').waitFor();
      await expectNoHorizontalScroll(page, 'plugin info at 360');
      await expectNoSeriousA11yViolations(page, 'plugin info at 360');
      await page.getByTestId('add-version').focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Add New Version' });
      await dialog.waitFor();
      // 1.0.0 exists: the patch bump offers 1.0.1; Escape closes.
      expect(await dialog.getByTestId('next-version').textContent()).toBe('1.0.1');
      await page.keyboard.press('ArrowUp');
      expect(await dialog.getByTestId('next-version').textContent()).toBe('1.1.0');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.goto(`/plugin/${plugin.id}/version?version=1.0.0`);
      await page.getByTestId('version-toolbar').waitFor();
      await eventually(
        () => page.getByTestId('step-card').count(),
        (n) => expect(n).toBeGreaterThanOrEqual(5),
      );
      await expectNoHorizontalScroll(page, 'plugin version at 360');
      await expectNoSeriousA11yViolations(page, 'plugin version at 360');
      // Delete version by keyboard: the typed version unlocks the button.
      await page.getByTestId('delete-version').focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Delete version' });
      expect(await confirm.getByTestId('typed-confirm-submit').isDisabled()).toBe(true);
      expect(await confirm.getByTestId('typed-confirm').getAttribute('placeholder')).toBe(plugin.pluginId);
      await page.keyboard.type('1.0.0');
      expect(await confirm.getByTestId('typed-confirm-submit').isDisabled()).toBe(false);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/plugin/${plugin.id}`);
    });
  });
});
