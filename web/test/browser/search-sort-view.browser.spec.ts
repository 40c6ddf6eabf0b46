import type { BrowserContext, Page } from 'playwright-core';
import { createModelViaApi, eventually, modelItems, modelNames, signUp, uniqueUser, waitForMyModels, usePagePerTest } from '../support/browser';

const PAUSE_MS = 500;

interface Probe {
  fetches: { url: string; at: number }[];
  lastInput: number;
  lastEnter: number;
}

/** Records, in the page's own clock, every fetch and the last search keystroke and Enter. */
async function installProbe(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const probe = { fetches: [] as { url: string; at: number }[], lastInput: -1, lastEnter: -1 };
    (window as unknown as { __probe: typeof probe }).__probe = probe;
    const original = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      probe.fetches.push({ url, at: performance.now() });
      return original(input, init);
    };
    const isSearch = (event: Event) => (event.target as HTMLElement | null)?.getAttribute?.('data-testid') === 'search-input';
    document.addEventListener(
      'input',
      (event) => {
        if (isSearch(event)) probe.lastInput = performance.now();
      },
      true,
    );
    document.addEventListener(
      'keydown',
      (event) => {
        if (isSearch(event) && (event as KeyboardEvent).key === 'Enter') probe.lastEnter = performance.now();
      },
      true,
    );
  });
}

const probeOf = (page: Page): Promise<Probe> => page.evaluate(() => (window as unknown as { __probe: Probe }).__probe);

/** The `name contains` of each model-list request, in order ('' when it has no search). */
function searchesOf(probe: Probe): { text: string; at: number }[] {
  return probe.fetches
    .map(({ url, at }) => ({ url: new URL(url, 'http://x'), at }))
    .filter(({ url }) => url.pathname === '/api/workspace/model')
    .map(({ url, at }) => {
      const where = url.searchParams.get('where');
      return { text: where ? ((JSON.parse(where) as { name?: { contains?: string } }).name?.contains ?? '') : '', at };
    });
}

describe('search, sort and view mode on My Models (spec 000 §5, §9)', () => {
  let context: BrowserContext;
  let page: Page;
  usePagePerTest(async (opened) => {
    ({ context, page } = opened);
    await installProbe(context);
  });

  it('searches after the pause or on Enter, says Nothing found, sorts A→Z, and remembers sort and view over a reload', async () => {
    await signUp(page, uniqueUser('search'));
    // Created in an order that no sort under test keeps by accident.
    for (const name of ['Beta bolt', 'Gamma gear', 'Alpha gear']) await createModelViaApi(page, name);
    await page.reload();
    await waitForMyModels(page);
    const sortMenu = page.getByTestId('sort-menu');
    expect(await sortMenu.getAttribute('data-sort')).toBe('updatedAt DESC');
    await eventually(
      () => modelNames(page),
      (names) => expect(names).toEqual(['Alpha gear', 'Gamma gear', 'Beta bolt']),
    );

    const search = page.getByTestId('search-input');

    // Typed key by key: nothing is searched until the 500 ms pause after the last key, then once.
    await search.pressSequentially('gear');
    await eventually(
      () => modelNames(page),
      (names) => expect(names).toEqual(['Alpha gear', 'Gamma gear']),
    );
    let probe = await probeOf(page);
    let searches = searchesOf(probe).filter((s) => s.text !== '');
    expect(searches.map((s) => s.text)).toEqual(['gear']);
    expect(searches[0].at - probe.lastInput).toBeGreaterThanOrEqual(PAUSE_MS - 50);

    // Enter applies at once, and the text is trimmed.
    await search.fill('  bolt  ');
    await search.press('Enter');
    await eventually(
      () => modelNames(page),
      (names) => expect(names).toEqual(['Beta bolt']),
    );
    probe = await probeOf(page);
    searches = searchesOf(probe).filter((s) => s.at > probe.lastInput - 1 && s.text !== '');
    expect(searches.map((s) => s.text)).toEqual(['bolt']);
    expect(searches[0].at - probe.lastEnter).toBeLessThan(PAUSE_MS - 100);

    // No hits.
    await search.fill('sprocket');
    await search.press('Enter');
    await eventually(
      () => page.getByTestId('empty-text').allTextContents(),
      (texts) => expect(texts).toEqual(['Nothing found']),
    );
    expect(await modelItems(page).count()).toBe(0);

    // Cleared: everything again.
    await search.fill('');
    await search.press('Enter');
    await eventually(
      () => modelNames(page),
      (names) => expect(names).toEqual(['Alpha gear', 'Gamma gear', 'Beta bolt']),
    );

    // Sort: Alphabetical starts A→Z (issue 17: it kept the date's descending order), then Descending, then Ascending.
    await sortMenu.click();
    await page.getByRole('menu', { name: 'Sort' }).getByTestId('sort-field-name').click();
    expect(await sortMenu.getAttribute('data-sort')).toBe('name ASC');
    await eventually(
      () => modelNames(page),
      (names) => expect(names).toEqual(['Alpha gear', 'Beta bolt', 'Gamma gear']),
    );
    await sortMenu.click();
    await page.getByRole('menu', { name: 'Sort' }).getByTestId('sort-order-DESC').click();
    expect(await sortMenu.getAttribute('data-sort')).toBe('name DESC');
    await eventually(
      () => modelNames(page),
      (names) => expect(names).toEqual(['Gamma gear', 'Beta bolt', 'Alpha gear']),
    );
    await sortMenu.click();
    await page.getByRole('menu', { name: 'Sort' }).getByTestId('sort-order-ASC').click();
    expect(await sortMenu.getAttribute('data-sort')).toBe('name ASC');
    await eventually(
      () => modelNames(page),
      (names) => expect(names).toEqual(['Alpha gear', 'Beta bolt', 'Gamma gear']),
    );

    // View: list.
    expect(await page.getByTestId('view-grid').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('view-list').click();
    expect(await page.getByTestId('view-list').getAttribute('aria-pressed')).toBe('true');
    await eventually(
      () => modelItems(page).evaluateAll((nodes) => nodes.map((n) => n.className)),
      (classes) => expect(classes).toEqual(['model-row', 'model-row', 'model-row']),
    );
    expect(await page.evaluate(() => localStorage.getItem('display'))).toBe('list');

    // Both survive a reload.
    await page.reload();
    await waitForMyModels(page);
    expect(await sortMenu.getAttribute('data-sort')).toBe('name ASC');
    expect(await page.getByTestId('view-list').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('view-grid').getAttribute('aria-pressed')).toBe('false');
    expect(await modelNames(page)).toEqual(['Alpha gear', 'Beta bolt', 'Gamma gear']);
    expect(await modelItems(page).evaluateAll((nodes) => nodes.map((n) => n.className))).toEqual(['model-row', 'model-row', 'model-row']);
    // The search is not remembered.
    expect(await page.getByTestId('search-input').inputValue()).toBe('');
  });
});
