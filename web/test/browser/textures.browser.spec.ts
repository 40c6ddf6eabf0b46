import type { Browser, Locator, Page } from 'playwright-core';
import { drawnShare, eventually, launchBrowser, uniqueUser } from '../support/browser';
import { contextAt, DESKTOP, expectNoHorizontalScroll, expectNoSeriousA11yViolations, PHONE } from '../support/layout';
import { solidPng } from '../support/png';
import { createTeamViaApi, crumbs } from '../support/teams';

/** The spec's texts (spec 001 §2, §4, §5), written here as the spec writes them. */
const NAME_TOO_SHORT = 'The name must be longer than 2 characters.';
const DUPLICATE_TAGS = 'Duplicate tags are not allowed';

const card = (page: Page, name: string): Locator => page.locator(`[data-testid="texture-card"][data-texture-name="${name}"]`);
const slot = (page: Page, name: string): Locator => page.locator(`[data-testid="texture-map"][data-slot="${name}"]`);

/** The colour at the middle of the sphere's canvas (the sphere's front). */
function centrePixel(page: Page): Promise<[number, number, number]> {
  return page.getByTestId('texture-sphere-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d')!;
    context.drawImage(canvas, 0, 0);
    const [r, g, b] = context.getImageData(Math.floor(canvas.width / 2), Math.floor(canvas.height / 2), 1, 1).data;
    return [r!, g!, b!] as [number, number, number];
  });
}

describe('Textures: My Textures, the editor with its sphere, community textures (spec 001 §2–§9; ADR 0062)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a public texture with maps by keyboard, sees the sphere, saves its 512×512 preview; another adds it to a team library at 390 px', async () => {
    const { context, page } = await contextAt(browser, DESKTOP);
    try {
      const author = uniqueUser('textures');
      expect((await page.request.post('/api/auth/register', { data: author })).status()).toBe(201);
      await page.goto('/assets/texture');
      await page.getByRole('heading', { name: 'My Textures', level: 1 }).waitFor();
      expect(await crumbs(page)).toEqual(['My Assets', 'Textures']);
      await page.getByRole('heading', { name: 'Community textures', level: 2 }).waitFor();
      await page.getByRole('heading', { name: 'Uploaded', level: 2 }).waitFor();
      await page.getByTestId('texture-uploaded-section').getByTestId('empty-text').waitFor();
      // The community section folds away and comes back.
      const toggle = page.getByTestId('texture-community-toggle');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();

      // The Add menu by keyboard: 'Create new'.
      // From the section's toggle, one Shift+Tab back to Add (the header's last control).
      await toggle.focus();
      await page.keyboard.press('Shift+Tab');
      expect(await page.getByTestId('texture-add').evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Add textures' });
      expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Community textures', 'Create new']);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/assets/texture/new');
      await page.getByRole('heading', { name: 'New texture', level: 1 }).waitFor();
      await page.locator('[data-testid="texture-sphere"][data-ready="true"]').waitFor();
      // The sphere is drawn before any map (the sphere and its floor on the background).
      expect(await drawnShare(page)).toBeGreaterThan(0.05);
      const before = await centrePixel(page);

      // Name: the spec's sentence for a short one; tags: no case-insensitive duplicates.
      const name = page.getByLabel('Name', { exact: true });
      await name.fill('Oa');
      await page.getByTestId('texture-save').click();
      await page.getByText(NAME_TOO_SHORT).waitFor();
      await name.fill('Oak floor');
      const tags = page.getByTestId('tags-input');
      await tags.fill('Wood');
      await tags.press('Enter');
      await tags.fill('wood');
      await tags.press('Enter');
      await page.getByText(DUPLICATE_TAGS).waitFor();
      await tags.fill('a-very-long-tag-name');
      await tags.press('Enter');
      expect(await page.getByTestId('tag-chip').allInnerTexts()).toEqual(['Wood', 'a-very-long-tag-name']);

      // Maps: a red diffuse map and a roughness map, uploaded as chosen; the sphere turns red in the middle.
      await page.getByTestId('texture-map-input-diffuseMap').setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: solidPng(64, [200, 30, 30]) });
      await page
        .getByTestId('texture-map-input-roughnessMap')
        .setInputFiles({ name: 'rough.png', mimeType: 'image/png', buffer: solidPng(32, [128, 128, 128]) });
      await slot(page, 'diffuseMap').and(page.locator('[data-set="true"]')).waitFor();
      await slot(page, 'roughnessMap').and(page.locator('[data-set="true"]')).waitFor();
      // A file of another type is refused before it is sent.
      await page.getByTestId('texture-map-input-normalMap').setInputFiles({ name: 'normal.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
      expect(await slot(page, 'normalMap').getByTestId('texture-map-error').textContent()).toBe(
        'Only .png, .jpeg, .jpg, .webp files can be uploaded as texture images.',
      );
      await page.locator('[data-testid="texture-sphere"][data-ready="true"]').waitFor();
      const after = await eventually(
        () => centrePixel(page),
        ([r, g, b]) => expect(r > g + 40 && r > b + 40).toBe(true),
      );
      expect(after).not.toEqual(before);

      // Numbers step by 0.01 with the rules of §5: rotation at most 2π.
      const rotation = page.getByLabel('Rotation (radians)', { exact: true });
      expect(await rotation.getAttribute('step')).toBe('0.01');
      expect(await page.getByLabel('Repeat X', { exact: true }).inputValue()).toBe('1');
      await page.getByLabel('Repeat X', { exact: true }).fill('2');
      await rotation.fill('7');
      await page.getByTestId('texture-save').click();
      await page.getByText('Rotation must be at most 2π.').waitFor();
      await rotation.fill('0.5');
      // Public: a community texture, which another user adds to a library below.
      await page.getByRole('switch', { name: 'Public' }).check();
      await expectNoSeriousA11yViolations(page, 'New texture');

      // Save: the preview image made from the sphere is saved with the texture, and the list shows it.
      await page.getByTestId('texture-save').click();
      await page.waitForURL((url) => url.pathname === '/assets/texture');
      const saved = card(page, 'Oak floor');
      await saved.waitFor();
      const preview = saved.getByTestId('texture-preview');
      await eventually(
        () => preview.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight]),
        (size) => expect(size).toEqual([true, 512, 512]),
      );
      expect(await saved.getByTestId('tag-badges').getAttribute('aria-label')).toBe('Tags: Wood, a-very-long-tag-name');
      expect(await saved.locator('.tag-badge').allInnerTexts()).toEqual(['Wood', 'a-very-long-tag…']);

      // Edit: what was saved comes back; the overview's Textures card shows its preview.
      await saved.getByTestId('texture-open').click();
      await page.getByRole('heading', { name: 'Edit texture: Oak floor', level: 1 }).waitFor();
      expect(await page.getByLabel('Repeat X', { exact: true }).inputValue()).toBe('2');
      expect(await slot(page, 'diffuseMap').getAttribute('data-set')).toBe('true');
      await page.goto('/assets');
      const texturesCard = page.locator('[data-testid="asset-kind-card"][data-kind="texture"]');
      await texturesCard.getByTestId('texture-preview').waitFor();

      // Another user, on a phone, adds it to a team library from the community browser, and removes it.
      const textureId = await libraryOfAnotherUser(page, 'Oak floor');

      // A moderator rejects it within its 24 hours: it leaves the community.
      const moderator = { email: 'moderator@kiln.test', password: 'moderator-secret-1' };
      if ((await page.request.post('/api/auth/register', { data: { ...moderator, fullName: 'Mona Moderator' } })).status() !== 201)
        expect((await page.request.post('/api/auth/login', { data: moderator })).status()).toBe(200);
      await page.goto(`/assets/texture/edit/${textureId}`);
      await page.getByTestId('texture-reject').click();
      const reject = page.getByRole('dialog', { name: 'Reject texture' });
      await reject.getByLabel('Reason (told to the author)', { exact: true }).fill('Not a texture of oak.');
      await reject.getByTestId('texture-reject-confirm').click();
      await page.waitForURL((url) => url.pathname === '/assets/texture/community');
      await page.locator('[data-testid="texture-card"], [data-testid="empty-text"]').first().waitFor();
      expect(await card(page, 'Oak floor').count()).toBe(0);

      // Back as the author: Delete asks for the typed name, then the texture is gone from the list.
      expect((await page.request.post('/api/auth/login', { data: { email: author.email, password: author.password } })).status()).toBe(200);
      await page.goto('/assets/texture');
      await card(page, 'Oak floor').getByTestId('texture-open').click();
      await page.getByTestId('texture-delete').click();
      const confirm = page.getByRole('dialog', { name: 'Delete texture' });
      const confirmButton = confirm.getByRole('button', { name: 'Delete' });
      expect(await confirmButton.isDisabled()).toBe(true);
      await confirm.getByLabel('Texture name', { exact: true }).fill('Oak floor');
      await confirmButton.click();
      await page.waitForURL((url) => url.pathname === '/assets/texture');
      await page.getByTestId('texture-uploaded-section').getByTestId('empty-text').waitFor();
    } finally {
      await context.close();
    }
  });
});

/** A second user at 390 px: a team library, the community browser, 'Add to library', read only, 'Remove', a load failure. */
async function libraryOfAnotherUser(page: Page, textureName: string): Promise<string> {
  // The same browser context, at 390 px, signed up as someone else (the session cookie is replaced).
  await page.setViewportSize(PHONE);
  const user = uniqueUser('library');
  expect((await page.request.post('/api/auth/register', { data: user })).status()).toBe(201);
  const team = await createTeamViaApi(page, 'Texture team');
  await page.goto(`/${team.id}/assets/texture`);
  await page.getByRole('heading', { name: 'Textures', level: 1 }).waitFor();
  await page.getByTestId('texture-community-section').getByTestId('empty-text').waitFor();

  await page.getByTestId('texture-add').click();
  await page.getByTestId('texture-add-community').click();
  await page.waitForURL(`**/${team.id}/assets/texture/community`);
  const offered = card(page, textureName);
  await offered.waitFor();
  await expectNoHorizontalScroll(page, 'community textures at 390 px');
  await offered.getByTestId('texture-add-to-library').click();
  await offered.getByTestId('texture-added').waitFor();

  await page.getByTestId('texture-back').click();
  const added = page.getByTestId('texture-community-section').locator(`[data-testid="texture-card"][data-texture-name="${textureName}"]`);
  await added.waitFor();
  expect(await added.getByTestId('texture-recent').textContent()).toBe('Recently published');
  await expectNoHorizontalScroll(page, 'team textures at 390 px');
  await expectNoSeriousA11yViolations(page, 'Team textures with a community texture');

  // Someone else's texture opens read only: the caution, no form controls, no Save or Delete.
  await added.getByTestId('texture-open').click();
  await page.waitForURL(`**/${team.id}/assets/texture/edit/**`);
  await page.getByTestId('texture-recently-published').waitFor();
  await page.getByTestId('texture-read-only').waitFor();
  expect(await page.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
  expect(await page.getByLabel('Repeat X', { exact: true }).isDisabled()).toBe(true);
  expect(await page.getByTestId('texture-save').count()).toBe(0);
  expect(await page.getByTestId('texture-delete').count()).toBe(0);
  await expectNoHorizontalScroll(page, 'texture editor at 390 px');

  // 'Remove' takes it out of the library.
  await page.goto(`/${team.id}/assets/texture`);
  const textureId = await added.getAttribute('data-texture-id');
  await added.getByTestId('texture-remove').click();
  await added.waitFor({ state: 'detached' });
  await page.getByTestId('texture-community-section').getByTestId('empty-text').waitFor();

  // Live: added again from elsewhere (the API, as another tab would), it comes back on workspace-texture-association.
  await page.locator('.live-dot--online').waitFor();
  const again = await page.request.post('/api/workspace/texture-association', { data: { textureId, scope: { teamId: team.id } } });
  expect(again.status()).toBe(201);
  await added.waitFor();

  // A texture that does not exist: the server's message in a red 'Error' alert.
  await page.goto(`/${team.id}/assets/texture/edit/ffffffffffffffffffffffff`);
  const failure = page.getByTestId('texture-load-error');
  await failure.waitFor();
  expect(await failure.locator('strong').textContent()).toBe('Error');
  expect(await failure.locator('p').textContent()).toBe('Texture not found.');
  return textureId!;
}
