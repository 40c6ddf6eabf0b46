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

    expect(await modelItems(page).count()).toBe(20);
    expect(await page.getByTestId('model-total').textContent()).toBe('25 models');
    expect(skips).toEqual([0]);

    await page.getByTestId('list-sentinel').scrollIntoViewIfNeeded();
    await eventually(
      () => modelItems(page).count(),
      (count) => expect(count).toBe(25),
    );
    expect(skips).toEqual([0, 20]);
    expect([...(await modelNames(page))].sort()).toEqual(names);
  });
});
