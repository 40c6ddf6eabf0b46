/**
 * Browser helpers for the `browser` jest project: one Debian Chromium per spec file (`launchBrowser` in
 * beforeAll, `close()` in afterAll), a fresh context per test (`newPage`), and a fresh user signed up
 * through the UI (`signUp`). Assertions poll with `expect.poll` / Playwright's auto-waiting locators.
 */
import * as crypto from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Frame, type Locator, type Page } from 'playwright-core';
import { baseUrl } from './stack';

export const CHROMIUM = process.env.KILN_CHROMIUM ?? '/usr/bin/chromium';
/** How long a locator or a poll waits before the test fails: generous, since it only matters when the thing never comes, and
 * the browser tier runs beside the medium tier on two cores (ADR 0070). */
export const WAIT_MS = 30_000;

// `testTimeout` inside a project entry of the jest config (package.json) is ignored by Jest (it is a global option), so the
// browser project's 120 s is set here, where every browser spec passes through.
jest.setTimeout(120_000);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh context (own cookies and localStorage) on the stack's URL, and a page in it. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  return { context, page };
}

/**
 * One browser per test file and a fresh context + page per test, closed afterwards.
 * `onOpen` receives each test's context and page (assign them to the file's variables).
 */
export function usePagePerTest(onOpen: (opened: { context: BrowserContext; page: Page }) => void | Promise<void>): void {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    const opened = await newPage(browser!);
    context = opened.context;
    await onOpen(opened);
  });
  afterEach(async () => {
    await context?.close();
  });
}

export interface TestUser {
  fullName: string;
  email: string;
  password: string;
}

/** A user nobody has used yet: the e-mail is unique per call. */
export function uniqueUser(label = 'user'): TestUser {
  const id = crypto.randomBytes(5).toString('hex');
  return { fullName: `Test ${label} ${id}`, email: `${label}-${id}@example.test`, password: `pw-${id}-secret` };
}

export const field = (page: Page, label: string): Locator => page.getByLabel(label, { exact: true });

/** Signs a fresh user up through /signup and waits for My Models. */
export async function signUp(page: Page, user: TestUser = uniqueUser()): Promise<TestUser> {
  await page.goto('/signup');
  await field(page, 'Full name').fill(user.fullName);
  await field(page, 'E-mail').fill(user.email);
  await field(page, 'Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await waitForMyModels(page);
  return user;
}

export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await field(page, 'E-mail').fill(user.email);
  await field(page, 'Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** My Models is shown and its first load has finished (a list or the empty text). */
export async function waitForMyModels(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: 'My Models', level: 1 }).waitFor();
  await page.locator('[data-testid="model-item"], [data-testid="empty-text"]').first().waitFor();
}

export const modelItems = (page: Page): Locator => page.getByTestId('model-item');
export const modelItem = (page: Page, name: string): Locator => page.locator(`[data-testid="model-item"][data-model-name="${cssString(name)}"]`);

/** The names shown in the model list, in order. */
export function modelNames(page: Page): Promise<string[]> {
  return modelItems(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-model-name') ?? ''));
}

/** Opens the New Model dialog, types the name and submits; waits for the dialog to close. */
export async function createModelInUi(page: Page, name: string): Promise<void> {
  await page.getByTestId('new-model-button').click();
  const dialog = page.getByRole('dialog', { name: 'New Model' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Creates a model through the API with the page's session cookie. */
export async function createModelViaApi(page: Page, name: string): Promise<{ id: string; name: string }> {
  const response = await page.request.post('/api/workspace/model', { data: { name } });
  if (response.status() !== 201) throw new Error(`POST /api/workspace/model ${name}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: string; name: string };
}

/** A material through the API (a sheet in stock unless told otherwise). */
export async function createMaterialViaApi(page: Page, name: string, overrides: Record<string, unknown> = {}): Promise<{ id: string; version: number }> {
  const response = await page.request.post('/api/workspace/business-material', {
    data: {
      name,
      internalName: `${name} internal`,
      materialClass: 'sheet',
      params: { width: { value: 1000, unit: 'mm' }, length: { value: 2000, unit: 'mm' }, thickness: { value: 3, unit: 'mm' } },
      price: { strategy: 'per-piece', unit: 'each', price: 20 },
      quantityInStock: { value: 5, unit: 'each' },
      appearance: [{ mode: 'color', textureId: null, color: { hex: '#546E7A', metallicity: 0, roughness: 0.5, opacity: 1 }, materialIndexDirection: ['all'] }],
      ...overrides,
    },
  });
  if (response.status() !== 201) throw new Error(`POST business-material ${name}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: string; version: number };
}

/**
 * Re-reads `read()` until `check` passes (jest `expect` inside), then returns the value; after `timeoutMs`
 * the last failed check is thrown, so the test fails with a normal jest message.
 */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => void, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    try {
      check(value);
      return value;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function cssString(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

/** Presses Tab until `target` has focus (keyboard only), at most `max` times. */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('never reached by Tab');
}

/** Opens the "Actions for {name}" menu of a list item (its button's test id `menuTestId`) and picks the entry `entryTestId`. */
export async function chooseItemAction(page: Page, item: Locator, menuTestId: string, name: string, entryTestId: string): Promise<void> {
  await item.getByTestId(menuTestId).click();
  await page
    .getByRole('menu', { name: `Actions for ${name}` })
    .getByTestId(entryTestId)
    .click();
}

/** How many of the canvas's pixels (the first canvas of the page or frame) differ clearly from its corner (the background): a blank canvas has none. */
export function drawnShare(where: Page | Frame): Promise<number> {
  return where.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0);
    const { data } = ctx.getImageData(0, 0, copy.width, copy.height);
    const [r0, g0, b0] = [data[0]!, data[1]!, data[2]!];
    let differing = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i]! - r0) + Math.abs(data[i + 1]! - g0) + Math.abs(data[i + 2]! - b0) > 30) differing++;
    }
    return differing / (data.length / 4);
  });
}

/**
 * A read model behind the page (ADR 0071): routes the page's socket connections through the test, and once
 * `serveStale` is called answers the GET requests matching `url` with that body. `reconnect` drops the live
 * connection and waits until it is back and both refetches (at once and 2 s later) have been answered.
 * Call before the page's first navigation.
 */
export async function withStaleAnswers(page: Page, url: RegExp): Promise<{ serveStale: (body: unknown) => void; reconnect: () => Promise<void> }> {
  const sockets: { close: () => Promise<void> }[] = [];
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  let stale: string | undefined;
  await page.route(url, async (route) => {
    if (stale !== undefined && route.request().method() === 'GET') return route.fulfill({ status: 200, contentType: 'application/json', body: stale });
    await route.continue();
  });
  return {
    serveStale: (body) => {
      stale = JSON.stringify(body);
    },
    reconnect: async () => {
      await Promise.all(sockets.splice(0).map((ws) => ws.close()));
      await page.locator('.live-dot--online').waitFor({ timeout: 30_000 });
      await page.waitForTimeout(3000);
    },
  };
}
