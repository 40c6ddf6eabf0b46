import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { boxGlb } from '../../../bff/test/support/box-glb';
import { REPO_ROOT } from '../../../deploy/src/stack';
import { eventually } from '../../../deploy/test/support/eventually';
import { createModelViaApi, drawnShare, launchBrowser, modelItem, WAIT_MS } from '../support/browser';
import { contextAt, DESKTOP, expectNoSeriousA11yViolations, signUpOnce, SMALL_PHONE } from '../support/layout';
import { baseUrl } from '../support/stack';

type State = Awaited<ReturnType<typeof signUpOnce>>['state'];

// 40 mm wide, 30 mm deep, 20 mm high: uploaded in glTF's metres, its view.glb in mm (ADR 0053).
const UPLOADED_GLB = boxGlb({ x: 0.04, y: 0.02, z: 0.03 });
const GLB = boxGlb({ x: 40, y: 20, z: 30 });

/**
 * A model with geometry (issue 18; ADR 0054): a real .glb uploaded as a 3D object (POST /api/upload, repo
 * object3d; POST /api/workspace/object-3-d) becomes the model's geometry. Its viewer file `media/<id>.view.glb`
 * is the assets service's to derive: if it is not there in a few seconds the test writes the same bytes at
 * that key in the stack's local storage, as the derivation of a glb would.
 */
async function aModelWithGeometry(page: Page, name: string): Promise<{ id: string; mediaId: string }> {
  const upload = await page.request.post('/api/upload?repo=object3d&folder=2026_11', {
    multipart: { file: { name: 'bracket.glb', mimeType: 'model/gltf-binary', buffer: UPLOADED_GLB } },
  });
  if (upload.status() !== 201) throw new Error(`upload: ${upload.status()} ${await upload.text()}`);
  const [media] = (await upload.json()) as { id: string }[];
  const item = await page.request.post('/api/workspace/object-3-d', { data: { mediaId: media!.id } });
  if (item.status() !== 201) throw new Error(`3D object: ${item.status()} ${await item.text()}`);
  const model = await createModelViaApi(page, name);
  const set = await page.request.patch(`/api/workspace/model/${model.id}/geometry`, { data: { object3dId: ((await item.json()) as { id: string }).id } });
  if (set.status() !== 200) throw new Error(`geometry: ${set.status()} ${await set.text()}`);
  await ensureViewFile(page, model.id, media!.id);
  return { id: model.id, mediaId: media!.id };
}

async function ensureViewFile(page: Page, modelId: string, mediaId: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    if ((await page.request.get(`/api/workspace/model/${modelId}/geometry`)).status() === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const dir = path.resolve(REPO_ROOT, process.env.KILN_STORAGE_DIR || '.data/storage', 'media');
  const file = path.join(dir, `${mediaId}.view.glb`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, GLB);
  }
}

/** A page of another site (another port, another host name) with the embed snippet's iframe. */
async function otherSite(): Promise<{ server: Server; origin: string; pageFor: (src: string) => string }> {
  const pages = new Map<string, string>();
  const server = createServer((req, res) => {
    const html = pages.get(req.url ?? '');
    res.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let n = 0;
  return {
    server,
    origin,
    pageFor: (src: string) => {
      const address = `/page-${++n}.html`;
      pages.set(
        address,
        `<!doctype html><html lang="en"><head><title>A shop</title></head><body><h1>Our bracket</h1>` +
          `<iframe src="${src}" width="640" height="480" title="Bracket in 3D" frameborder="0"></iframe></body></html>`,
      );
      return `${origin}${address}`;
    },
  };
}

async function embedFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe').elementHandle({ timeout: WAIT_MS });
  const frame = await handle!.contentFrame();
  if (!frame) throw new Error('the iframe has no frame');
  return frame;
}

describe('/embed/{id} in a page of another site', () => {
  let browser: Browser;
  let owner: { state: State };
  let site: Awaited<ReturnType<typeof otherSite>>;
  let shown: { id: string };
  let hidden: { id: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    site = await otherSite();
    owner = await signUpOnce(browser, DESKTOP, 'embedder');
    const { context, page } = await contextAt(browser, DESKTOP, owner.state);
    try {
      shown = await aModelWithGeometry(page, 'Shown bracket');
      const linked = await page.request.patch(`/api/workspace/model/share-with-everyone/${shown.id}`, { data: { shareAs: 'viewer' } });
      expect(linked.status()).toBe(200);
      hidden = await aModelWithGeometry(page, 'Private bracket');
    } finally {
      await context.close();
    }
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.server.close(resolve));
  });

  it('shows a model shared with everyone in 3D: the canvas is drawn, the size in mm, the buttons work by keyboard', async () => {
    // A visitor of the other site: no session of ours.
    const { context, page } = await contextAt(browser, DESKTOP);
    try {
      await page.goto(site.pageFor(`${baseUrl()}/embed/${shown.id}`));
      const frame = await embedFrame(page);
      expect(new URL(frame.url()).origin).not.toBe(site.origin);
      await frame.locator('[data-testid="model-viewer"][data-state="ready"]').waitFor();
      await frame.getByRole('heading', { name: 'Shown bracket', level: 1 }).waitFor();
      await frame.locator('canvas').waitFor();
      await eventually(async () => expect(await drawnShare(frame)).toBeGreaterThan(0.01), WAIT_MS);
      expect(await frame.getByTestId('model-viewer-size').textContent()).toBe('40 mm × 30 mm × 20 mm');

      // Keyboard: wireframe on, then fit to view, each a button with a name.
      const wireframe = frame.getByRole('button', { name: 'Wireframe' });
      await wireframe.focus();
      await page.keyboard.press('Enter');
      await eventually(async () => expect(await wireframe.getAttribute('aria-pressed')).toBe('true'), WAIT_MS);
      await frame.getByRole('button', { name: 'Zoom in' }).focus();
      await page.keyboard.press('Enter');
      await frame.getByRole('button', { name: 'Fit to view' }).focus();
      await page.keyboard.press('Space');
      await eventually(async () => expect(await drawnShare(frame)).toBeGreaterThan(0.002), WAIT_MS);
    } finally {
      await context.close();
    }
  });

  it('shows a private model as not available, and never fetches its geometry', async () => {
    const { context, page } = await contextAt(browser, DESKTOP);
    try {
      const geometry: number[] = [];
      context.on('response', (response) => {
        if (response.url().includes(`/api/workspace/model/${hidden.id}/geometry`)) geometry.push(response.status());
      });
      await page.goto(site.pageFor(`${baseUrl()}/embed/${hidden.id}`));
      const frame = await embedFrame(page);
      await frame.getByTestId('embed-not-available').waitFor();
      await frame.getByRole('heading', { name: 'This model is not available.', level: 1 }).waitFor();
      expect(await frame.locator('canvas').count()).toBe(0);
      expect(geometry).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the owner their private model full-window without the app shell, on a 360 px phone, with no serious axe finding', async () => {
    const { context, page } = await contextAt(browser, SMALL_PHONE, owner.state);
    try {
      await page.goto(`/embed/${hidden.id}`);
      await page.locator('[data-testid="model-viewer"][data-state="ready"]').waitFor();
      // No shell: no navigation, no skip link, no bell.
      expect(await page.locator('nav, .shell, .skip-link').count()).toBe(0);
      // The rest of the window under the owner's bar (the model's name, Geometry, Components; ADR 0054).
      const [bar, box] = [await page.getByTestId('model-setup').boundingBox(), await page.getByTestId('model-viewer').boundingBox()];
      expect({ width: box!.width, top: box!.y, bottom: box!.y + box!.height }).toEqual({
        width: SMALL_PHONE.width,
        top: bar!.y + bar!.height,
        bottom: SMALL_PHONE.height,
      });
      await eventually(async () => expect(await drawnShare(page.mainFrame())).toBeGreaterThan(0.01), WAIT_MS);
      // The name and the size both shown, neither over the other.
      const [title, size] = [await page.getByTestId('embed-title').boundingBox(), await page.getByTestId('model-viewer-size').boundingBox()];
      const apart =
        title!.y + title!.height <= size!.y || size!.y + size!.height <= title!.y || title!.x + title!.width <= size!.x || size!.x + size!.width <= title!.x;
      expect(apart).toBe(true);
      expect(size!.x + size!.width).toBeLessThanOrEqual(SMALL_PHONE.width);
      await expectNoSeriousA11yViolations(page, 'embed viewer at 360 px');
      // Its card in My Models: the preview rendered from its geometry once the assets service made it, else the cube.
      await page.goto('/');
      const card = modelItem(page, 'Private bracket');
      await card.waitFor();
      const thumbnail = card.getByTestId('model-thumbnail');
      expect(await thumbnail.count()).toBe(1);
      await eventually(async () => {
        const made = (await page.request.get(`/api/workspace/model/${hidden.id}/thumbnail`)).status() === 200;
        const shown = await thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && !img.hidden);
        expect(shown).toBe(made);
      }, WAIT_MS);
      // A model without geometry: not available, named.
      const bare = await createModelViaApi(page, 'Bare model');
      await page.goto(`/embed/${bare.id}`);
      await page.getByTestId('embed-not-available').waitFor();
      await page.getByRole('heading', { name: 'Bare model', level: 1 }).waitFor();
      await expectNoSeriousA11yViolations(page, 'embed not available at 360 px');
    } finally {
      await context.close();
    }
  });
});
