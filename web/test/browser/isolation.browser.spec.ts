import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createModelInUi, eventually, launchBrowser, modelItem, modelNames, newPage, signUp, uniqueUser } from '../support/browser';

describe("another user's model is not reachable", () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  async function userPage(): Promise<Page> {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    return page;
  }

  it("answers 404 to user B for user A's model and keeps it out of B's list", async () => {
    const pageA = await userPage();
    await signUp(pageA, uniqueUser('owner-a'));
    await createModelInUi(pageA, 'Secret turbine');
    const id = await modelItem(pageA, 'Secret turbine').getAttribute('data-model-id');
    expect(id).toBeTruthy();
    expect((await pageA.request.get(`/api/workspace/model/${id}`)).status()).toBe(200);

    const pageB = await userPage();
    await signUp(pageB, uniqueUser('other-b'));

    const read = await pageB.request.get(`/api/workspace/model/${id}`);
    expect(read.status()).toBe(404);
    expect(JSON.stringify(await read.json())).not.toContain('Secret turbine');
    expect((await pageB.request.patch(`/api/workspace/model/${id}`, { data: { name: 'Taken over' } })).status()).toBe(404);
    expect((await pageB.request.delete(`/api/workspace/model/${id}`)).status()).toBe(404);

    const listB = (await (await pageB.request.get('/api/workspace/model')).json()) as { total: number; data: { id: string }[] };
    expect(listB.total).toBe(0);
    expect(listB.data.map((m) => m.id)).not.toContain(id);
    expect(await pageB.getByTestId('empty-text').textContent()).toBe('You don’t have models');
    await pageB.getByTestId('search-input').fill('Secret');
    await pageB.getByTestId('search-input').press('Enter');
    await eventually(
      () => pageB.getByTestId('empty-text').allTextContents(),
      (texts) => expect(texts).toEqual(['Nothing found']),
    );

    // A's model is untouched by B's attempts.
    await pageA.reload();
    await modelItem(pageA, 'Secret turbine').waitFor();
    expect(await modelNames(pageA)).toEqual(['Secret turbine']);
  });
});
