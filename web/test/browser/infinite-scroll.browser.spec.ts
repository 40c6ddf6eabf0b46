import type { Page } from 'playwright-core';
import { createModelViaApi, eventually, modelItems, modelNames, signUp, uniqueUser, waitForMyModels, usePagePerTest } from '../support/browser';

describe('My Models infinite scroll (spec 000 §9: page size 20)', () => {
  let page: Page;
  usePagePerTest((opened) => {
    ({ page } = opened);
  });

  it('shows 20 models first and the other 5 when scrolled to the end', async () => {
    await signUp(page, uniqueUser('scroll'));
    const names = Array.from({ length: 25 }, (_, i) => `Part ${String(i + 1).padStart(2, '0')}`);
    await Promise.all(names.map((name) => createModelViaApi(page, name)));

    const skips: number[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/workspace/model' && request.method() === 'GET') skips.push(Number(url.searchParams.get('skip')));
    });
    await page.goto('/');
    await waitForMyModels(page);
    // Live: the first page may have been fetched once more as the socket connected, the creates' pushes having
    // gone out while the page loaded (ADR 0071); nothing past it until scrolled.
    await page.locator('.live-dot--online').waitFor();

    expect(await modelItems(page).count()).toBe(20);
    expect(await page.getByTestId('model-total').textContent()).toBe('25 models');
    expect(new Set(skips)).toEqual(new Set([0]));

    await page.getByTestId('list-sentinel').scrollIntoViewIfNeeded();
    await eventually(
      () => modelItems(page).count(),
      (count) => expect(count).toBe(25),
    );
    // (A refetch after a catch-up may fetch the pages shown again, ADR 0071: no page past them.)
    expect(new Set(skips.filter((skip) => skip !== 0))).toEqual(new Set([20]));
    expect([...(await modelNames(page))].sort()).toEqual(names);
  });
});
