import type { Browser, Page } from 'playwright-core';
import { boxGlb } from '../../../bff/test/support/box-glb';
import { createModelViaApi, drawnShare, eventually, launchBrowser, tabTo } from '../support/browser';
import { contextAt, DESKTOP, expectNoHorizontalScroll, expectNoSeriousA11yViolations, signUpOnce, SMALL_PHONE } from '../support/layout';

type State = Awaited<ReturnType<typeof signUpOnce>>['state'];

// 40 mm wide, 20 mm high, 30 mm deep, written in glTF's metres: the assets service makes it mm (ADR 0053).
const GLB_IN_METRES = boxGlb({ x: 0.04, y: 0.02, z: 0.03 });
const NO_ROLE = 'Your role does not allow changing this model';

async function openViewerPage(page: Page, modelId: string): Promise<void> {
  await page.goto(`/embed/${modelId}`);
  await page.getByTestId('model-setup').waitFor();
}

async function aComponent(page: Page, name: string, teamId?: string): Promise<{ id: string }> {
  const made = await page.request.post('/api/workspace/component', { data: { name, ...(teamId ? { teamId } : {}) } });
  if (made.status() !== 201) throw new Error(`component: ${made.status()} ${await made.text()}`);
  return (await made.json()) as { id: string };
}

async function a3dObject(page: Page, name: string, teamId?: string): Promise<{ id: string }> {
  const upload = await page.request.post('/api/upload?repo=object3d&folder=2026_11', {
    multipart: { file: { name, mimeType: 'model/gltf-binary', buffer: GLB_IN_METRES } },
  });
  if (upload.status() !== 201) throw new Error(`upload: ${upload.status()} ${await upload.text()}`);
  const [media] = (await upload.json()) as { id: string }[];
  const item = await page.request.post('/api/workspace/object-3-d', { data: { mediaId: media!.id, ...(teamId ? { teamId } : {}) } });
  if (item.status() !== 201) throw new Error(`3D object: ${item.status()} ${await item.text()}`);
  return (await item.json()) as { id: string };
}

/**
 * The viewer on the page as it is (no reload): while the assets service makes the viewer's file it says so and asks
 * again by itself; then the canvas is drawn.
 */
async function expectDrawnViewer(page: Page): Promise<void> {
  await page.locator('[data-testid="model-viewer"][data-state="ready"]').waitFor({ timeout: 60_000 });
  await page.locator('canvas').waitFor();
  await eventually(
    () => drawnShare(page),
    (share) => expect(share).toBeGreaterThan(0.01),
  );
}

describe('A model’s geometry and components, chosen in the app (issue 18; ADR 0054)', () => {
  let browser: Browser;
  let owner: { state: State };
  let viewer: { state: State; user: { email: string } };

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await signUpOnce(browser, DESKTOP, 'geometry-owner');
    viewer = await signUpOnce(browser, DESKTOP, 'geometry-viewer');
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('from the model: a .glb uploaded by keyboard in the Geometry dialog becomes its geometry, shown in 3D with its size in mm', async () => {
    const { context, page } = await contextAt(browser, DESKTOP, owner.state);
    try {
      const model = await createModelViaApi(page, 'Bracket model');
      await openViewerPage(page, model.id);
      await page.getByText('This model has no geometry yet.').waitFor();
      await expectNoSeriousA11yViolations(page, 'viewer page, no geometry, owner');

      // Keyboard only: Tab to Geometry, Enter.
      const geometry = page.getByRole('button', { name: 'Geometry' });
      await tabTo(page, geometry, 30);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Geometry of Bracket model' });
      await dialog.getByTestId('geometry-objects-empty').waitFor();
      await expectNoSeriousA11yViolations(page, 'Geometry dialog, nothing yet');
      await dialog.getByTestId('upload-input').setInputFiles([{ name: 'bracket.glb', mimeType: 'model/gltf-binary', buffer: GLB_IN_METRES }]);
      await eventually(
        () => dialog.getByTestId('geometry-done').textContent(),
        (text) => expect(text).toBe('The model’s geometry is now bracket.glb.'),
        30_000,
      );
      // The new 3D object is in the model's scope's list, marked as the one in use; Remove is offered.
      await dialog.locator('[data-testid="geometry-object"][data-name="bracket.glb"]').getByText('in use now').waitFor();
      await dialog.getByTestId('geometry-remove').waitFor();
      await expectNoSeriousA11yViolations(page, 'Geometry dialog, set');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // The service made the viewer's file from the upload: the canvas is drawn, the size in mm (a glTF's metres × 1000).
      await expectDrawnViewer(page);
      expect(await page.getByTestId('model-viewer-size').textContent()).toBe('40 mm × 30 mm × 20 mm');
      expect(await page.getByTestId('embed-title').textContent()).toBe('Bracket model');
      await expectNoSeriousA11yViolations(page, 'viewer page with geometry, owner');

      // Removed again: the page says it has none.
      await page.getByRole('button', { name: 'Geometry' }).click();
      const again = page.getByRole('dialog', { name: 'Geometry of Bracket model' });
      await again.getByTestId('geometry-remove').click();
      await eventually(
        () => again.getByTestId('geometry-done').textContent(),
        (text) => expect(text).toBe('The model has no geometry now.'),
      );
      await page.keyboard.press('Escape');
      await page.getByText('This model has no geometry yet.').waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);

  it('from the model: two components checked and saved, each one’s used count is then 1', async () => {
    const { context, page } = await contextAt(browser, DESKTOP, owner.state);
    try {
      const model = await createModelViaApi(page, 'Hinged lid');
      const [hinge, latch] = [await aComponent(page, 'Hinge'), await aComponent(page, 'Latch')];
      await aComponent(page, 'Spare knob');
      await openViewerPage(page, model.id);
      await page.getByRole('button', { name: 'Components' }).click();
      const dialog = page.getByRole('dialog', { name: 'Components of Hinged lid' });
      const row = (name: string) => dialog.locator(`[data-testid="geometry-component"][data-name="${name}"]`);
      await row('Hinge').getByText('Used in 0 models').waitFor();
      await row('Latch').getByRole('checkbox').waitFor();
      await expectNoSeriousA11yViolations(page, 'Components dialog');
      await row('Hinge').getByRole('checkbox').check();
      await row('Latch').getByRole('checkbox').focus();
      await page.keyboard.press('Space');
      expect(await row('Latch').getByRole('checkbox').isChecked()).toBe(true);
      await dialog.getByTestId('components-save').click();
      await eventually(
        () => dialog.getByTestId('components-done').textContent(),
        (text) => expect(text).toBe('The model uses 2 components now.'),
      );
      await row('Hinge').getByText('Used in 1 model').waitFor();
      await row('Latch').getByText('Used in 1 model').waitFor();
      await row('Spare knob').getByText('Used in 0 models').waitFor();
      // What the service counts (GET /api/workspace/component/used/{id}).
      for (const { id } of [hinge, latch]) expect(await (await page.request.get(`/api/workspace/component/used/${id}`)).json()).toEqual({ count: 1 });
      await page.keyboard.press('Escape');

      // Opened again, the two are checked (GET /api/workspace/model/{id}/components).
      await page.getByRole('button', { name: 'Components' }).click();
      const reopened = page.getByRole('dialog', { name: 'Components of Hinged lid' });
      await eventually(
        () => reopened.locator('[data-testid="geometry-component"] input:checked').count(),
        (n) => expect(n).toBe(2),
      );
    } finally {
      await context.close();
    }
  });

  it('from a 3D object, at 360 px: "Use as model geometry" picks a model, then its viewer opens', async () => {
    const { context, page } = await contextAt(browser, SMALL_PHONE, owner.state);
    try {
      await createModelViaApi(page, 'Phone stand');
      await a3dObject(page, 'stand.glb');
      await page.goto('/assets/objects3d');
      const card = page.locator('[data-testid="asset-item"][data-asset-name="stand.glb"]');
      await card.waitFor();
      await card.getByTestId('asset-menu').click();
      await page.getByRole('menu', { name: 'Actions for stand.glb' }).getByTestId('asset-use-as-geometry').click();
      const dialog = page.getByRole('dialog', { name: 'Use stand.glb as model geometry' });
      await dialog.getByTestId('geometry-models-search').fill('Phone');
      const choice = dialog.locator('[data-testid="geometry-model"][data-name="Phone stand"]');
      await choice.getByRole('radio').check();
      await expectNoHorizontalScroll(page, 'Use as model geometry, 360 px');
      await expectNoSeriousA11yViolations(page, 'Use as model geometry, 360 px');
      await dialog.getByTestId('geometry-use-for-model').click();
      await eventually(
        () => dialog.getByTestId('geometry-done').textContent(),
        (text) => expect(text).toBe('stand.glb is now the geometry of Phone stand. Open it in the viewer'),
      );
      await dialog.getByTestId('geometry-viewer-link').click();
      await page.getByTestId('model-setup').waitFor();
      expect(await page.getByTestId('embed-title').textContent()).toBe('Phone stand');
      await page.locator('[data-testid="model-viewer"]').waitFor();
      await expectNoHorizontalScroll(page, 'viewer page with its bar, 360 px');

      // The Geometry dialog at 360 px: no sideways scroll.
      await page.getByRole('button', { name: 'Geometry' }).click();
      const geometry = page.getByRole('dialog', { name: 'Geometry of Phone stand' });
      await geometry.locator('[data-testid="geometry-object"][data-name="stand.glb"]').getByText('in use now').waitFor();
      await expectNoHorizontalScroll(page, 'Geometry dialog, 360 px');
      await expectNoSeriousA11yViolations(page, 'Geometry dialog, 360 px');
    } finally {
      await context.close();
    }
  }, 90_000);

  it('a team viewer sees Geometry, Components and "Use as model geometry" disabled, and the service refuses them (403)', async () => {
    const o = await contextAt(browser, DESKTOP, owner.state);
    const v = await contextAt(browser, DESKTOP, viewer.state);
    try {
      const made = await o.page.request.post('/api/workspace/team/my', { data: { name: 'Geometry Works' } });
      expect(made.status()).toBe(201);
      const team = (await made.json()) as { id: string };
      const invited = await o.page.request.post('/api/workspace/team-member/invite', { data: { teamId: team.id, email: viewer.user.email, role: 'viewer' } });
      expect(invited.status()).toBe(201);
      const modelAnswer = await o.page.request.post('/api/workspace/model', { data: { name: 'Team lamp', teamId: team.id } });
      expect(modelAnswer.status()).toBe(201);
      const model = (await modelAnswer.json()) as { id: string };
      const object = await a3dObject(o.page, 'lamp.glb', team.id);
      const component = await aComponent(o.page, 'Team hinge', team.id);

      await openViewerPage(v.page, model.id);
      for (const name of ['Geometry', 'Components']) {
        const button = v.page.getByRole('button', { name });
        expect(await button.isDisabled()).toBe(true);
        expect(await button.getAttribute('title')).toBe(NO_ROLE);
      }
      expect(await v.page.getByTestId('model-setup-note').textContent()).toBe(`${NO_ROLE}.`);
      await expectNoSeriousA11yViolations(v.page, 'viewer page, team viewer');

      await v.page.goto(`/${team.id}/assets/objects3d`);
      const card = v.page.locator('[data-testid="asset-item"][data-asset-name="lamp.glb"]');
      await card.waitFor();
      await card.getByTestId('asset-menu').click();
      const entry = v.page.getByRole('menu', { name: 'Actions for lamp.glb' }).getByTestId('asset-use-as-geometry');
      expect(await entry.getAttribute('aria-disabled')).toBe('true');

      expect((await v.page.request.patch(`/api/workspace/model/${model.id}/geometry`, { data: { object3dId: object.id } })).status()).toBe(403);
      expect((await v.page.request.patch(`/api/workspace/model/${model.id}/components`, { data: { componentIds: [component.id] } })).status()).toBe(403);
      // The owner may: the same calls pass.
      expect((await o.page.request.patch(`/api/workspace/model/${model.id}/geometry`, { data: { object3dId: object.id } })).status()).toBe(200);
    } finally {
      await o.context.close();
      await v.context.close();
    }
  }, 90_000);
});
