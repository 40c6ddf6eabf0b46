import * as zlib from 'node:zlib';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { chooseItemAction, eventually, launchBrowser, signUp, tabTo, uniqueUser, usePagePerTest, withStaleAnswers } from '../support/browser';
import { contextAt, DESKTOP, expectNoHorizontalScroll, expectNoSeriousA11yViolations, PHONE, signUpOnce, SMALL_PHONE } from '../support/layout';
import { createProjectViaApi, createTeamViaApi, crumbs, inviteViaApi } from '../support/teams';
import { asciiStl, boxTriangles } from '../../../services/assets/test/support/model-files';

/** The spec's texts (spec 001 §2, §4, §5, §8), written here as the spec writes them. */
const EMPTY_IMAGES = 'You don’t have images';
const EMPTY_VECTORS = 'You don’t have Vector Graphics';
const EMPTY_OBJECTS = 'You don’t have 3d Objects';
const REQUIRED = 'This field is required';
const WARNING = 'Unexpected bad things will happen if you don’t read this!';

/** A real PNG of random pixels (it does not compress): `width`×`height` RGB, about 3 bytes a pixel. */
function png(width: number, height: number, seed: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let state = seed >>> 0 || 1;
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let i = 1; i <= width * 3; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      raw[y * (width * 3 + 1) + i] = state & 0xff;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ASCII STL of a box `x`×`y`×`z` (mm): 12 triangles (the assets service's test files). */
const stlBox = (x: number, y: number, z: number): Buffer => Buffer.from(asciiStl(boxTriangles(x, y, z)));

const file = (name: string, buffer: Buffer, mimeType = 'image/png') => ({ name, mimeType, buffer });

const items = (page: Page): Locator => page.getByTestId('asset-item');
const item = (page: Page, name: string): Locator => page.locator(`[data-testid="asset-item"][data-asset-name="${name}"]`);
const names = (page: Page) => items(page).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-asset-name') ?? ''));

async function openLibrary(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await page.locator('[data-testid="asset-item"], [data-testid="empty-text"]').first().waitFor();
}

const choose = (page: Page, name: string, entry: 'rename' | 'delete') => chooseItemAction(page, item(page, name), 'asset-menu', name, `asset-${entry}`);

/**
 * Records, from now on, what the upload notice shows: each file's state with its progress bar's value and
 * maximum, and the notice's lines, as they change (a MutationObserver in the page).
 */
async function recordNotice(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: { files: { name: string; state: string; value: number | null; max: number | null }[]; lines: string[] } = { files: [], lines: [] };
    (window as unknown as { __notice: typeof seen }).__notice = seen;
    const read = () => {
      for (const li of document.querySelectorAll<HTMLElement>('[data-testid="upload-file"]')) {
        const bar = li.querySelector('progress');
        seen.files.push({
          name: li.querySelector('.upload-file-name')?.textContent ?? '',
          state: li.dataset.state ?? '',
          value: bar ? bar.value : null,
          max: bar ? bar.max : null,
        });
      }
      for (const line of document.querySelectorAll<HTMLElement>('.upload-notice-line')) seen.lines.push(line.textContent ?? '');
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}
const noticeRecord = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          __notice: { files: { name: string; state: string; value: number | null; max: number | null }[]; lines: string[] };
        }
      ).__notice,
  );

/** Drops files on the dropzone as a browser does (a DataTransfer holding them, dragenter, dragover, drop). */
async function dropFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, type: f.mimeType, base64: f.buffer.toString('base64') }));
  await page.getByTestId('upload-dropzone').evaluate((zone, list) => {
    const transfer = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], f.name, { type: f.type }));
    }
    for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
  }, payload);
}

describe('Asset libraries: images, vector graphics, 3D objects (spec 001 §2, §4, §5, §8; ADR 0056)', () => {
  let context: BrowserContext;
  let page: Page;
  usePagePerTest((opened) => {
    ({ context, page } = opened);
  });

  it('uploads several images with a progress bar each, shows them, and a second tab sees it all live: rename keeps the extension, delete by name', async () => {
    await signUp(page, uniqueUser('images'));
    await openLibrary(page, '/assets/image', 'My Images');
    expect(await page.getByTestId('empty-text').textContent()).toBe(EMPTY_IMAGES);
    expect(await crumbs(page)).toEqual(['My Assets', 'Images']);
    await expectNoSeriousA11yViolations(page, 'My Images, empty');

    // A second tab of the same session, its socket connected, never reloaded.
    const second = await context.newPage();
    await openLibrary(second, '/assets/image', 'My Images');
    await second.locator('.live-dot--online').waitFor();
    await second.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await page.bringToFront();

    // Three images of about 1.9 MB each by the Add button, sent slowly enough that their progress is seen.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 4 * 1024 * 1024 });
    await recordNotice(page);
    const photos = [file('red.png', png(800, 800, 1)), file('green.png', png(800, 800, 2)), file('blue.png', png(800, 800, 3))];
    await page.getByTestId('upload-input').setInputFiles(photos);
    await page.getByTestId('upload-uploading').waitFor();
    await page.getByTestId('upload-success').waitFor({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(await page.getByTestId('upload-success').textContent()).toBe('Upload Success 3/3 file(s) successfully uploaded');
    expect(await page.getByTestId('upload-failed').count()).toBe(0);

    const record = await noticeRecord(page);
    // The running count, as the spec writes it, and a progress bar for each file while it was sent, part way at some point.
    expect(record.lines.some((line) => /^Uploading [0-2]\/3 file\(s\) uploading$/.test(line))).toBe(true);
    for (const photo of photos) {
      const sending = record.files.filter((f) => f.name === photo.name && f.state === 'sending');
      expect({ name: photo.name, bars: sending.length > 0 && sending.every((f) => f.max === photo.buffer.length) }).toEqual({ name: photo.name, bars: true });
    }
    expect(record.files.some((f) => f.state === 'sending' && f.value !== null && f.max !== null && f.value > 0 && f.value < f.max)).toBe(true);

    await eventually(
      () => names(page),
      (shown) => expect([...shown].sort()).toEqual(['blue.png', 'green.png', 'red.png']),
    );
    // Each card: its name, its size and the day it changed as YYYY/MM/DD; its thumbnail once the preview is made.
    const card = item(page, 'red.png');
    expect(await card.getByTestId('asset-size').textContent()).toMatch(/^1\.\d MB$/);
    expect(await card.locator('time').textContent()).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    await card.locator('[data-testid="asset-thumb"][data-preview="ready"]').waitFor({ timeout: 30_000 });
    expect(await card.locator('[data-testid="asset-thumb"] img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await eventually(
      () => names(second),
      (shown) => expect([...shown].sort()).toEqual(['blue.png', 'green.png', 'red.png']),
    );
    await expectNoSeriousA11yViolations(page, 'My Images, after the upload');

    // Open: the image large, in a dialog.
    await item(page, 'green.png').getByTestId('asset-open').click();
    const view = page.getByRole('dialog', { name: 'green.png' });
    await view.getByTestId('asset-view-image').waitFor();
    await eventually(
      () => view.getByTestId('asset-view-image').evaluate((img) => (img as HTMLImageElement).naturalWidth),
      (width) => expect(width).toBe(800),
    );
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'detached' });

    // Rename: the name without its extension, required, and the extension kept.
    await choose(page, 'red.png', 'rename');
    const rename = page.getByRole('dialog', { name: 'Rename' });
    const nameField = rename.getByLabel('Name', { exact: true });
    expect(await nameField.inputValue()).toBe('red');
    await nameField.fill('   ');
    await rename.getByText(REQUIRED).waitFor();
    await rename.getByRole('button', { name: 'Rename' }).click();
    expect(await rename.isVisible()).toBe(true);
    await nameField.fill('  Sunset  ');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rename.waitFor({ state: 'detached' });
    await item(page, 'Sunset.png').waitFor();
    await eventually(
      () => names(second),
      (shown) => expect([...shown].sort()).toEqual(['Sunset.png', 'blue.png', 'green.png']),
    );

    // Delete: under the spec's warning, enabled only by the exact name.
    await choose(page, 'blue.png', 'delete');
    const remove = page.getByRole('dialog', { name: 'Delete image' });
    expect(await remove.getByTestId('delete-warning').textContent()).toBe(WARNING);
    const confirm = remove.getByLabel('Image name', { exact: true });
    const button = remove.getByRole('button', { name: 'Delete' });
    await confirm.fill('blue');
    expect(await button.isDisabled()).toBe(true);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectNoSeriousA11yViolations(page, 'Delete image dialog');
    await confirm.fill('blue.png');
    await button.click();
    await remove.waitFor({ state: 'detached' });
    await item(page, 'blue.png').waitFor({ state: 'detached' });
    await eventually(
      () => names(second),
      (shown) => expect([...shown].sort()).toEqual(['Sunset.png', 'green.png']),
    );
    expect(await second.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });

  // A refetch (after an upload, a push, or a reconnection; ADR 0071) may read a read model that has not applied a create yet.
  it('shows an image uploaded meanwhile when the list answers fetched afterwards are older', async () => {
    const stale = await withStaleAnswers(page, /\/api\/workspace\/image\?/);
    await signUp(page, uniqueUser('stale-images'));
    await openLibrary(page, '/assets/image', 'My Images');
    await page.locator('.live-dot--online').waitFor();
    stale.serveStale({ data: [], total: 0 });
    await page.getByTestId('upload-input').setInputFiles([file('late.png', png(16, 16, 7))]);
    await item(page, 'late.png').waitFor();
    await stale.reconnect();
    expect(await names(page)).toEqual(['late.png']);
  }, 120_000);

  it('counts refused files as failed: a wrong extension, and an image over 3 MB by the Add button that the dropzone takes', async () => {
    await signUp(page, uniqueUser('images-refused'));
    await openLibrary(page, '/assets/image', 'My Images');
    const big = file('big.png', png(1100, 1000, 7)); // about 3.3 MB: over the Add button's 3 MB, under the dropzone's 10 MB
    expect(big.buffer.length).toBeGreaterThan(3 * 1024 * 1024);

    // The Add button with the keyboard alone: Tab to it, Enter opens the file chooser, which takes several files.
    const choosing = page.waitForEvent('filechooser');
    await tabTo(page, page.getByTestId('upload-add'));
    await page.keyboard.press('Enter');
    const chooser = await choosing;
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([big, file('notes.txt', Buffer.from('hello'), 'text/plain')]);
    await page.getByTestId('upload-failed').waitFor();
    expect(await page.getByTestId('upload-failed').textContent()).toBe('Upload Failed 2 file(s) failed to upload');
    expect(await page.getByTestId('upload-failed').evaluate((el) => el.closest('[role="alert"]') !== null)).toBe(true);
    expect(await page.getByTestId('upload-success').count()).toBe(0);
    await page.getByText('The file is larger than the limit of 3 MB.').waitFor();
    await page.getByText('Only .png, .jpeg, .jpg, .webp, .gif files can be uploaded as images.').waitFor();
    await expectNoSeriousA11yViolations(page, 'My Images, upload failed');
    expect(await page.getByTestId('empty-text').textContent()).toBe(EMPTY_IMAGES);
    await page.getByTestId('upload-close').click();
    expect(await page.getByTestId('upload-failed').count()).toBe(0);

    // The same image dropped: the dropzone takes up to 10 MB.
    await dropFiles(page, [big]);
    await page.getByTestId('upload-success').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('upload-success').textContent()).toBe('Upload Success 1/1 file(s) successfully uploaded');
    await item(page, 'big.png').waitFor();

    // A file whose first bytes say PNG but whose rest is not: stored, but its preview fails, and its card says why.
    const broken = Buffer.concat([png(4, 4, 1).subarray(0, 16), Buffer.alloc(2048, 7)]);
    await page.getByTestId('upload-input').setInputFiles([file('broken.png', broken)]);
    await page.getByTestId('upload-success').waitFor({ timeout: 30_000 });
    const card = item(page, 'broken.png');
    await card.locator('[data-testid="asset-thumb"][data-preview="failed"]').waitFor({ timeout: 30_000 });
    expect(await card.getByTestId('asset-preview-failed').textContent()).toBe('This image cannot be read: the file is damaged or not an image.');
    expect(await card.locator('[data-testid="asset-thumb"] img').count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'My Images, a failed preview');
  });

  it('has the other two libraries with their texts, and the overview with six cards and up to 4 previews; 390 px does not scroll sideways', async () => {
    await signUp(page, uniqueUser('assets-overview'));
    await openLibrary(page, '/assets/vector-graphics', 'My Vector Graphics');
    expect(await page.getByTestId('empty-text').textContent()).toBe(EMPTY_VECTORS);
    await openLibrary(page, '/assets/objects3d', 'My 3D Objects');
    expect(await page.getByTestId('empty-text').textContent()).toBe(EMPTY_OBJECTS);
    await expectNoSeriousA11yViolations(page, 'My 3D Objects, empty');

    // A vector graphic by the dropzone.
    await openLibrary(page, '/assets/vector-graphics', 'My Vector Graphics');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#39f"/></svg>';
    await dropFiles(page, [file('square.svg', Buffer.from(svg), 'image/svg+xml')]);
    await page.getByTestId('upload-success').waitFor({ timeout: 30_000 });
    await item(page, 'square.svg').waitFor();
    // Opened, it is its sanitised file in an <img> (never inline markup), shown once the assets service made it.
    await item(page, 'square.svg').getByTestId('asset-open').click();
    const view = page.getByRole('dialog', { name: 'square.svg' });
    const shown = view.getByTestId('asset-view-image');
    await shown.waitFor();
    expect(await shown.getAttribute('src')).toMatch(/^\/api\/workspace\/resource-svg\/[0-9a-f]{24}\/file\/svg$/);
    await eventually(
      () => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth),
      (width) => expect(width).toBeGreaterThan(0),
    );
    expect(await view.locator('svg rect').count()).toBe(0);
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'detached' });

    // A 3D object opens in the three.js viewer, on the file the assets service converted it to.
    await openLibrary(page, '/assets/objects3d', 'My 3D Objects');
    await page.getByTestId('upload-input').setInputFiles([file('box.stl', stlBox(40, 20, 10), 'model/stl')]);
    await page.getByTestId('upload-success').waitFor({ timeout: 30_000 });
    await item(page, 'box.stl').locator('[data-testid="asset-thumb"][data-preview="ready"]').waitFor({ timeout: 30_000 });
    await item(page, 'box.stl').getByTestId('asset-open').click();
    const viewer = page.getByRole('dialog', { name: 'box.stl' });
    await viewer.locator('[data-testid="model-viewer"][data-state="ready"]').waitFor({ timeout: 30_000 });
    await viewer.locator('canvas').waitFor();
    const size = (await viewer.getByTestId('model-viewer-size').textContent()) ?? '';
    // The box's three sides in mm, whichever way up the file was written.
    const sides = [...size.matchAll(/([\d.,]+) mm/g)].map((m) => Number(m[1].replace(/,/g, ''))).sort((a, b) => a - b);
    expect(sides).toEqual([10, 20, 40]);
    await expectNoSeriousA11yViolations(page, '3D object opened');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // Five images: the overview shows four of them.
    await openLibrary(page, '/assets/image', 'My Images');
    await page.getByTestId('upload-input').setInputFiles([1, 2, 3, 4, 5].map((n) => file(`tile-${n}.png`, png(32, 32, n))));
    await page.getByTestId('upload-success').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('upload-success').textContent()).toBe('Upload Success 5/5 file(s) successfully uploaded');
    await eventually(
      () => names(page),
      (shown) => expect(shown).toHaveLength(5),
    );

    await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'My Assets' }).click();
    await page.getByRole('heading', { name: 'My Assets', level: 1 }).waitFor();
    const cards = page.getByTestId('asset-kind-card');
    expect(await cards.locator('h2').allInnerTexts()).toEqual(['Fonts', 'Vector Graphics', 'Images', 'Objects 3d', 'Textures', 'Scenes']);
    const images = page.locator('[data-testid="asset-kind-card"][data-kind="image"]');
    await eventually(
      () => images.getByTestId('asset-kind-preview').count(),
      (count) => expect(count).toBe(4),
    );
    expect(await images.getByTestId('asset-kind-total').textContent()).toBe('5 images');
    expect(await page.locator('[data-testid="asset-kind-card"][data-kind="vector-graphics"]').getByTestId('asset-kind-preview').count()).toBe(1);
    // Fonts: the first families by name (the system fonts are in every list).
    const fonts = page.locator('[data-testid="asset-kind-card"][data-kind="font"]');
    await fonts.getByTestId('asset-kind-total').waitFor();
    expect(await fonts.getByTestId('asset-kind-preview').count()).toBeLessThanOrEqual(4);
    expect(await fonts.getByRole('link', { name: 'Fonts' }).getAttribute('href')).toBe('/assets/font');
    await eventually(
      () => page.locator('[data-testid="asset-kind-card"][data-kind="objects3d"]').getByTestId('asset-kind-preview').count(),
      (count) => expect(count).toBe(1),
    );
    expect(await images.getByRole('link', { name: 'Images' }).getAttribute('href')).toBe('/assets/image');
    // The navigation no longer says "soon" for My Assets.
    expect(await page.locator('.nav-link[href="/assets"] .nav-soon').count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'My Assets overview');

    await page.setViewportSize(PHONE);
    await expectNoHorizontalScroll(page, 'My Assets, 390 px');
    await expectNoSeriousA11yViolations(page, 'My Assets, 390 px');
    for (const view of ['grid', 'compact', 'list']) {
      await page.evaluate((mode) => localStorage.setItem('display', mode), view);
      await openLibrary(page, '/assets/image', 'My Images');
      await item(page, 'tile-1.png').waitFor();
      await expectNoHorizontalScroll(page, `My Images, ${view}, 390 px`);
      await expectNoSeriousA11yViolations(page, `My Images, ${view}, 390 px`);
    }
    expect(await page.locator('ul.models--list').count()).toBe(1);
    await page.setViewportSize(SMALL_PHONE);
    await expectNoHorizontalScroll(page, 'My Images, list, 360 px');
    await page.goto('/assets');
    await page.getByTestId('asset-kind-card').first().waitFor();
    await expectNoHorizontalScroll(page, 'My Assets, 360 px');
  });
});

describe('Asset libraries of a team (spec 001 §6; ADR 0056)', () => {
  it('a viewer reads the team’s images: upload, rename and delete disabled; the owner’s upload arrives live', async () => {
    const browser = await launchBrowser();
    try {
      const ownerSignUp = await signUpOnce(browser, DESKTOP, 'assets-team-owner');
      const viewerSignUp = await signUpOnce(browser, DESKTOP, 'assets-team-viewer');
      const owner = await contextAt(browser, DESKTOP, ownerSignUp.state);
      const viewer = await contextAt(browser, PHONE, viewerSignUp.state);
      const team = await createTeamViaApi(owner.page, 'Asset Works');
      await inviteViaApi(owner.page, team.id, viewerSignUp.user.email, 'viewer');

      await viewer.page.goto(`/${team.id}/assets/image`);
      await viewer.page.getByRole('heading', { name: 'Images', level: 1 }).waitFor();
      await viewer.page.getByTestId('empty-text').waitFor();
      expect(await viewer.page.getByTestId('upload-add').isDisabled()).toBe(true);
      await eventually(
        () => crumbs(viewer.page),
        (shown) => expect(shown).toEqual(['Asset Works', 'Assets', 'Images']),
      );
      await viewer.page.locator('.live-dot--online').waitFor();

      // The owner uploads in the team: the viewer sees it without a reload, its Rename and Delete disabled.
      await owner.page.goto(`/${team.id}/assets/image`);
      await owner.page.getByRole('heading', { name: 'Images', level: 1 }).waitFor();
      await owner.page.getByTestId('upload-input').setInputFiles([file('team.png', png(64, 48, 9))]);
      await owner.page.getByTestId('upload-success').waitFor({ timeout: 30_000 });
      await item(viewer.page, 'team.png').waitFor();
      await item(viewer.page, 'team.png').getByTestId('asset-menu').click();
      const menu = viewer.page.getByRole('menu', { name: 'Actions for team.png' });
      expect(await menu.getByTestId('asset-rename').getAttribute('aria-disabled')).toBe('true');
      expect(await menu.getByTestId('asset-delete').getAttribute('aria-disabled')).toBe('true');
      await expectNoSeriousA11yViolations(viewer.page, 'team images, viewer, 390 px, menu open');
      await viewer.page.keyboard.press('Escape');
      await expectNoHorizontalScroll(viewer.page, 'team images, viewer, 390 px');

      // The team's overview links to the team's lists; a project's lists are the project's own.
      await owner.page.goto(`/${team.id}/assets`);
      await owner.page.getByRole('heading', { name: 'Assets', level: 1 }).waitFor();
      expect(await owner.page.getByRole('link', { name: 'Images', exact: true }).getAttribute('href')).toBe(`/${team.id}/assets/image`);
      await eventually(
        () => owner.page.locator('[data-testid="asset-kind-card"][data-kind="image"]').getByTestId('asset-kind-preview').count(),
        (count) => expect(count).toBe(1),
      );
      const project = await createProjectViaApi(owner.page, team.id, 'Drawings');
      await owner.page.goto(`/${team.id}/${project.id}/assets/vector-graphics`);
      await owner.page.getByRole('heading', { name: 'Vector Graphics', level: 1 }).waitFor();
      await owner.page.getByTestId('empty-text').waitFor();
      await eventually(
        () => crumbs(owner.page),
        (shown) => expect(shown).toEqual(['Asset Works', 'Drawings', 'Assets', 'Vector Graphics']),
      );
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><circle cx="4" cy="4" r="3"/></svg>';
      await owner.page.getByTestId('upload-input').setInputFiles([file('dot.svg', Buffer.from(svg), 'image/svg+xml')]);
      await owner.page.getByTestId('upload-success').waitFor({ timeout: 30_000 });
      await item(owner.page, 'dot.svg').waitFor();
      await owner.page.goto(`/${team.id}/assets/vector-graphics`);
      await owner.page.getByTestId('empty-text').waitFor();

      // The service refuses the viewer as well (403), whatever the page shows.
      const id = await item(viewer.page, 'team.png').getAttribute('data-asset-id');
      expect((await viewer.page.request.patch(`/api/workspace/image/${id}`, { data: { name: 'Nope' } })).status()).toBe(403);
      expect((await viewer.page.request.delete(`/api/workspace/image/${id}`)).status()).toBe(403);
      await owner.context.close();
      await viewer.context.close();
    } finally {
      await browser.close();
    }
  });
});
