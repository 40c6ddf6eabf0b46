/**
 * Checks of how screens fit and what assistive technology finds: horizontal scrolling, elements cut or off
 * screen, and axe-core (serious and critical violations fail a test).
 */
import * as fs from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { baseUrl } from './stack';
import { signUp, uniqueUser, WAIT_MS, type TestUser } from './browser';

export const PHONE = { width: 390, height: 844 };
export const SMALL_PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };
export type Viewport = { width: number; height: number };

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A context at `viewport`, signed in as the user whose cookies `state` holds (or signed out without it). */
export async function contextAt(browser: Browser, viewport: Viewport, state?: StorageState): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, storageState: state, reducedMotion: 'reduce' });
  context.setDefaultTimeout(WAIT_MS);
  return { context, page: await context.newPage() };
}

/** Runs `run` on a fresh page at `viewport` (signed in when `state` is given), closing its context afterwards. */
export async function withPageAt(browser: Browser, viewport: Viewport, state: StorageState | undefined, run: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await contextAt(browser, viewport, state);
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

/** Signs a fresh user up through the UI at `viewport`; returns the user and the session to reuse in other contexts. */
export async function signUpOnce(browser: Browser, viewport: Viewport, label: string): Promise<{ user: TestUser; state: StorageState }> {
  const { context, page } = await contextAt(browser, viewport);
  try {
    const user = await signUp(page, uniqueUser(label));
    return { user, state: await context.storageState() };
  } finally {
    await context.close();
  }
}

/** The page does not scroll sideways: the document is no wider than the window. */
export async function expectNoHorizontalScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect({ where, scrollWidth }).toEqual({ where, scrollWidth: Math.min(scrollWidth, innerWidth) });
}

/** The element lies inside the window and its text is not cut (no ellipsis or overflow inside it). */
export async function expectFullyShown(locator: Locator, what: string): Promise<void> {
  const box = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return {
      left: r.left,
      right: r.right,
      top: r.top,
      bottom: r.bottom,
      width: r.width,
      cut: el.scrollWidth > el.clientWidth + 1,
      vw: window.innerWidth,
      vh: window.innerHeight,
    };
  });
  expect({
    what,
    inside: box.left >= 0 && box.right <= box.vw + 0.5 && box.top >= 0 && box.bottom <= box.vh + 0.5,
    cut: box.cut,
    empty: box.width < 1,
  }).toEqual({ what, inside: true, cut: false, empty: false });
}

let axeSource: string | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/** Runs axe-core on the page as it is now; fails on serious or critical violations, naming them and where. */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy does not apply to it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} at ${v.nodes
          .slice(0, 5)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`)
          .join(', ')}`,
    );
  expect({ screen, serious }).toEqual({ screen, serious: [] });
}
