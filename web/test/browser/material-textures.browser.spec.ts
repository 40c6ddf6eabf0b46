import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { createMaterialViaApi, eventually, launchBrowser, tabTo } from '../support/browser';
import { contextAt, DESKTOP, expectNoHorizontalScroll, expectNoSeriousA11yViolations, PHONE, signUpOnce } from '../support/layout';
import { solidPng } from '../support/png';

// Materials meet textures (issue 20, spec 002 §2, §6, §9; ADR 0064): the appearance editor's grid offers the scope's
// own textures and the community's; a texture-mode entry saves its texture, reopens showing it, and the 3D preview
// wears its diffuse map; the texture deleted later leaves the material readable, the entry saying so.
type State = Awaited<ReturnType<BrowserContext['storageState']>>;

const GONE = 'This texture was deleted or is not available to this material.';

const row = (page: Page, name: string): Locator => page.locator(`[data-testid="inventory-row"][data-material-name="${name}"]`);

/** A texture made through the API: a red 64×64 PNG uploaded as a texture image, as its diffuse map and its preview. */
async function aRedTexture(page: Page, name: string): Promise<string> {
  const upload = await page.request.post('/api/upload?repo=texture&folder=2026_11', {
    multipart: { file: { name: 'red.png', mimeType: 'image/png', buffer: solidPng(64, [220, 20, 20]) } },
  });
  if (upload.status() !== 201) throw new Error(`upload: ${upload.status()} ${await upload.text()}`);
  const [media] = (await upload.json()) as { id: string }[];
  const texture = await page.request.post('/api/workspace/texture', { data: { name, diffuseMap: media!.id, previewId: media!.id } });
  if (texture.status() !== 201) throw new Error(`texture: ${texture.status()} ${await texture.text()}`);
  return ((await texture.json()) as { id: string }).id;
}

/** The share of the preview canvas's pixels that are clearly red (the texture's diffuse map, lit). */
function redShare(page: Page): Promise<number> {
  return page
    .getByTestId('material-preview')
    .locator('canvas')
    .evaluate((canvas: HTMLCanvasElement) => {
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext('2d')!;
      context.drawImage(canvas, 0, 0);
      const { data } = context.getImageData(0, 0, copy.width, copy.height);
      let red = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! > 90 && data[i]! > 2 * data[i + 1]! && data[i]! > 2 * data[i + 2]!) red++;
      return red / (data.length / 4);
    });
}

/** Material properties of a row, then Next to the appearance step. */
async function openAppearance(page: Page, name: string): Promise<Locator> {
  await page.goto('/business/inventory');
  await row(page, name).waitFor();
  await row(page, name).getByTestId('inventory-menu-button').click();
  await page.getByRole('menuitem', { name: 'Material properties' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit material' });
  expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
  for (let i = 0; i < 3; i++) await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('heading', { name: /Color & Texture/ }).waitFor();
  return dialog;
}

describe('materials with textures', () => {
  let browser: Browser;
  let state: State;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ state } = await signUpOnce(browser, DESKTOP, 'material-textures'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('picks a texture from the grid by keyboard, saves, reopens showing it on the preview; deleted later, the entry says it is gone', async () => {
    const { context, page } = await contextAt(browser, DESKTOP, state);
    try {
      await page.goto('/business/inventory');
      const textureName = `Red oxide ${Date.now().toString(36)}`;
      const textureId = await aRedTexture(page, textureName);
      const { id } = await createMaterialViaApi(page, 'Rusty sheet');

      let dialog = await openAppearance(page, 'Rusty sheet');
      await dialog.locator('label.mode-option', { hasText: 'Texture' }).click();
      // The search (debounced) narrows the grid to the card; its author is the current user.
      await dialog.getByRole('searchbox', { name: 'Search textures' }).fill(textureName);
      const choice = dialog.locator(`[data-testid="texture-choice"][data-texture-id="${textureId}"]`);
      await eventually(
        () => dialog.getByTestId('texture-choice').count(),
        (n) => expect(n).toBe(1),
      );
      expect(await choice.textContent()).toBe(`${textureName}Published by you`);
      expect(await choice.locator('img').getAttribute('width')).toBe('132');
      expect(await choice.boundingBox()).toMatchObject({ width: 170, height: 222 });
      // By keyboard: Tab reaches the card's radio, Space chooses it.
      const radio = choice.getByRole('radio');
      await tabTo(page, radio);
      await page.keyboard.press('Space');
      expect(await radio.isChecked()).toBe(true);
      await dialog.getByTestId('texture-chosen').filter({ hasText: textureName }).waitFor();
      expect(await dialog.getByRole('tab').first().textContent()).toBe(`Mono Texture${textureName}`);
      await eventually(
        () => redShare(page),
        (share) => expect(share).toBeGreaterThan(0.05),
      );
      await expectNoSeriousA11yViolations(page, 'appearance step with the texture grid');

      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
      const saved = await (await page.request.get(`/api/workspace/business-material/${id}`)).json();
      expect(saved.appearance).toEqual([{ mode: 'texture', textureId, color: expect.anything(), materialIndexDirection: ['all'] }]);

      // Reopened: the entry shows its texture, and so does the preview.
      dialog = await openAppearance(page, 'Rusty sheet');
      await dialog.getByTestId('texture-chosen').filter({ hasText: textureName }).waitFor();
      expect(await dialog.getByRole('tab').first().textContent()).toBe(`Mono Texture${textureName}`);
      await eventually(
        () => redShare(page),
        (share) => expect(share).toBeGreaterThan(0.05),
      );

      // At 390 px the grid fits without sideways scrolling.
      await page.setViewportSize(PHONE);
      await dialog.getByTestId('texture-choices').waitFor();
      await expectNoHorizontalScroll(page, 'appearance step with textures at 390 px');

      // The texture is deleted: the material still opens, the entry says the texture is gone.
      expect((await page.request.delete(`/api/workspace/texture/${textureId}`)).status()).toBe(200);
      dialog = await openAppearance(page, 'Rusty sheet');
      expect(await dialog.getByTestId('texture-gone').textContent()).toBe(GONE);
      expect(await dialog.getByRole('tab').first().textContent()).toBe('Mono TextureTexture gone');
      await expectNoSeriousA11yViolations(page, 'appearance step, texture gone');
      await expectNoHorizontalScroll(page, 'appearance step, texture gone, at 390 px');
    } finally {
      await context.close();
    }
  });
});
