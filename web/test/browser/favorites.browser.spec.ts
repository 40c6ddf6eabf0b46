import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createModelViaApi, eventually, launchBrowser, modelItem, modelNames, waitForMyModels } from '../support/browser';
import { withPageAt, DESKTOP, expectNoHorizontalScroll, expectNoSeriousA11yViolations, PHONE, signUpOnce } from '../support/layout';

// Favorites (spec 000 §2, §4): the star on a model adds it to Favorites, un-starring there removes it.
// Needs POST /api/workspace/user-favorite/update-favorite-status, GET /my and DELETE /{id} (workspace sharing slice).
describe('Favorites', () => {
  let browser: Browser;
  let state: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ state } = await signUpOnce(browser, DESKTOP, 'fav'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  const at = (viewport: typeof DESKTOP, run: (page: Page) => Promise<void>) => withPageAt(browser, viewport, state, run);

  it('stars a model in My Models, lists it in Favorites, and un-stars it there', async () => {
    await at(DESKTOP, async (page) => {
      await createModelViaApi(page, 'Starred gear');
      await createModelViaApi(page, 'Plain bolt');
      await page.goto('/');
      await waitForMyModels(page);

      const star = modelItem(page, 'Starred gear').getByTestId('favorite-star');
      expect(await star.getAttribute('aria-pressed')).toBe('false');
      await star.click();
      await eventually(
        () => star.getAttribute('aria-pressed'),
        (pressed) => expect(pressed).toBe('true'),
      );

      await page.getByRole('link', { name: 'Favorites' }).first().click();
      await page.getByRole('heading', { name: 'Favorites', level: 1 }).waitFor();
      await modelItem(page, 'Starred gear').waitFor();
      expect(await modelNames(page)).toEqual(['Starred gear']);

      // The server kept it: a fresh load lists it with its star pressed.
      await page.reload();
      await modelItem(page, 'Starred gear').waitFor();
      expect(await modelItem(page, 'Starred gear').getByTestId('favorite-star').getAttribute('aria-pressed')).toBe('true');

      await modelItem(page, 'Starred gear').getByTestId('favorite-star').click();
      // Wait for the settled empty state: a refetch after the push may re-render it once in between.
      await page.getByTestId('empty-text').filter({ hasText: 'You don’t have Favorites models' }).waitFor();
      await page.reload();
      await page.getByTestId('empty-text').waitFor();

      // Back in My Models the star is off.
      await page.goto('/');
      await waitForMyModels(page);
      expect(await modelItem(page, 'Starred gear').getByTestId('favorite-star').getAttribute('aria-pressed')).toBe('false');
    });
  });

  it('keeps an un-starred model out of Favorites when a list answer read before the removal comes late', async () => {
    await at(DESKTOP, async (page) => {
      await createModelViaApi(page, 'Lagging star');
      await page.goto('/');
      await waitForMyModels(page);
      const star = modelItem(page, 'Lagging star').getByTestId('favorite-star');
      await star.click();
      await eventually(
        () => star.getAttribute('aria-pressed'),
        (pressed) => expect(pressed).toBe('true'),
      );
      const isFavoritesList = (url: string) => new URL(url).pathname === '/api/workspace/user-favorite/my';
      const listed = page.waitForResponse((response) => isFavoritesList(response.url()));
      await page.getByRole('link', { name: 'Favorites' }).first().click();
      const stale = await (await listed).text();
      await modelItem(page, 'Lagging star').waitFor();

      // From now on every Favorites answer is the one read before the un-star, as when the list's read model
      // lags behind the push that makes the page refetch.
      await page.route(
        (url) => isFavoritesList(url.href),
        (route) => route.fulfill({ status: 200, contentType: 'application/json', body: stale }),
      );
      const refetched = page.waitForResponse((response) => isFavoritesList(response.url()));
      await modelItem(page, 'Lagging star').getByTestId('favorite-star').click();
      await refetched;
      // It stays out, however late the stale answers come.
      for (let i = 0; i < 10; i += 1) {
        expect(await modelNames(page)).not.toContain('Lagging star');
        await page.waitForTimeout(100);
      }
    });
  });

  it('has no serious axe finding and no sideways scroll on a phone (390x844), with and without favorites', async () => {
    await at(PHONE, async (page) => {
      await page.goto('/favorites');
      await page.getByTestId('empty-text').waitFor();
      await expectNoSeriousA11yViolations(page, 'phone: Favorites empty');
      await createModelViaApi(page, 'Phone star');
      await page.goto('/');
      await modelItem(page, 'Phone star').getByTestId('favorite-star').click();
      await page.goto('/favorites');
      await modelItem(page, 'Phone star').waitFor();
      await expectNoSeriousA11yViolations(page, 'phone: Favorites');
      await expectNoHorizontalScroll(page, 'phone: Favorites');
    });
  });
});
