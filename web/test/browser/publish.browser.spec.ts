import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TEST_MODERATOR_EMAIL } from '../../../deploy/src/stack';
import { createModelViaApi, eventually, field, launchBrowser, modelItem, waitForMyModels } from '../support/browser';
import { contextAt, DESKTOP, expectNoHorizontalScroll, expectNoSeriousA11yViolations, SMALL_PHONE, signUpOnce } from '../support/layout';

/** Opens a model's menu and returns it. */
async function openMenu(page: Page, name: string) {
  await modelItem(page, name).getByTestId('model-menu-button').click();
  const menu = page.getByRole('menu', { name: `Actions for ${name}` });
  await menu.waitFor();
  return menu;
}

/** The moderator configured in the test stack (KILN_MODERATORS): signed up once, or signed in on a reused stack. */
async function moderatorSession(browser: Browser) {
  const { context, page } = await contextAt(browser, DESKTOP);
  const credentials = { email: TEST_MODERATOR_EMAIL, password: 'moderator-secret-1' };
  const signedUp = await page.request.post('/api/auth/register', { data: { ...credentials, fullName: 'Mona Moderator' } });
  if (signedUp.status() !== 201) {
    const signedIn = await page.request.post('/api/auth/login', { data: credentials });
    if (signedIn.status() !== 200) throw new Error(`moderator sign-in: ${signedIn.status()} ${await signedIn.text()}`);
  }
  return { context, page };
}

// Publishing (spec 000 §2, §4; ADR 0022): the owner publishes a model from its menu, a moderator approves it
// on /market/moderation, and Published shows the product's status; the menu label follows (Publish → Restore → Republish).
describe('Publish and moderate', () => {
  let browser: Browser;
  let state: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ state } = await signUpOnce(browser, DESKTOP, 'publish'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('publishes from the menu, a moderator approves, Published shows the status and the menu says Republish', async () => {
    const owner = await contextAt(browser, DESKTOP, state);
    const moderator = await moderatorSession(browser);
    try {
      const page = owner.page;
      await createModelViaApi(page, 'Market turbine');
      await page.goto('/');
      await waitForMyModels(page);
      const menu = await openMenu(page, 'Market turbine');
      expect(await menu.getByTestId('model-menu-publish').textContent()).toContain('Publish');
      await menu.getByTestId('model-menu-publish').click();
      await page.getByRole('heading', { name: 'Publish', level: 1 }).waitFor();

      // Title required, with the spec's words; an image must be a web address.
      await field(page, 'Title').fill('   ');
      await field(page, 'Image address (optional)').fill('not an address');
      await page.getByTestId('product-publish').click();
      expect(await page.getByTestId('field-error').allTextContents()).toEqual([
        'This field is required',
        'The image must be a web address starting with http:// or https://.',
      ]);
      await field(page, 'Title').fill('Turbine for sale');
      await field(page, 'Image address (optional)').fill('');
      await page.getByLabel(/Production-ready/).check();
      await expectNoSeriousA11yViolations(page, 'publish page');
      await page.getByTestId('product-publish').click();
      await page.getByTestId('product-saved').waitFor();
      expect(await page.getByTestId('product-current-status').textContent()).toContain('Waiting for moderation');
      expect(page.url()).toMatch(/\/market\/republish\/[0-9a-f]{24}$/);

      // Published lists it, waiting; the menu says Restore (a product, no publishedAt yet).
      await page.goto('/published');
      const item = modelItem(page, 'Market turbine');
      await eventually(
        () =>
          item
            .getByTestId('product-status')
            .getAttribute('data-status')
            .catch(() => null),
        (s) => expect(s).toBe('non moderated'),
      );
      expect(await (await openMenu(page, 'Market turbine')).getByTestId('model-menu-publish').textContent()).toContain('Restore');
      await page.keyboard.press('Escape');

      // The owner is no moderator: the server says so.
      await page.goto('/market/moderation');
      expect(await page.getByTestId('moderation-error').textContent()).toBe('Only moderators may do this.');

      // The moderator approves it, with the keyboard.
      const mod = moderator.page;
      await mod.goto('/market/moderation');
      const entry = mod.getByTestId('moderation-item').filter({ hasText: 'Turbine for sale' });
      await entry.waitFor();
      await expectNoSeriousA11yViolations(mod, 'moderation page');
      await entry.getByTestId('moderation-approve').focus();
      await mod.keyboard.press('Enter');
      await entry.waitFor({ state: 'detached' });

      // Published shows it published, the menu says Republish, and the author was told.
      await eventually(
        async () => {
          await page.goto('/published');
          return item.getByTestId('product-status').getAttribute('data-status');
        },
        (s) => expect(s).toBe('published'),
      );
      expect(await item.getByTestId('product-status').textContent()).toBe('Product: Published');
      expect(await (await openMenu(page, 'Market turbine')).getByTestId('model-menu-publish').textContent()).toContain('Republish');
      const notes = await page.request.get('/api/notification/user-notification?limit=10');
      expect(JSON.stringify(await notes.json())).toContain('Your product “Turbine for sale” was approved and is published.');
      const market = (await (await page.request.get('/api/product/product')).json()) as { data: { title: string }[] };
      expect(market.data.map((p) => p.title)).toContain('Turbine for sale');
    } finally {
      await owner.context.close();
      await moderator.context.close();
    }
  });

  it('on a 360 px phone: rejection with a reason reaches the author, who sees it on the republish page', async () => {
    const owner = await contextAt(browser, SMALL_PHONE, state);
    const moderator = await moderatorSession(browser);
    try {
      const page = owner.page;
      const model = await createModelViaApi(page, 'Phone lamp');
      await page.goto(`/market/publish/${model.id}`);
      await field(page, 'Title').fill('Lamp');
      await page.getByTestId('product-publish').click();
      await page.getByTestId('product-saved').waitFor();
      await expectNoHorizontalScroll(page, 'publish page at 360 px');

      const mod = moderator.page;
      await mod.setViewportSize(SMALL_PHONE);
      await mod.goto('/market/moderation');
      const entry = mod.getByTestId('moderation-item').filter({ hasText: 'Lamp' });
      await entry.getByTestId('moderation-reject').click();
      await entry.getByTestId('moderation-reject-confirm').click();
      expect(await entry.getByRole('alert').textContent()).toBe('Please say why the product is rejected.');
      await entry.getByTestId('moderation-reason').fill('The title says too little.');
      await entry.getByTestId('moderation-reject-confirm').click();
      await entry.waitFor({ state: 'detached' });
      await expectNoHorizontalScroll(mod, 'moderation at 360 px');

      await eventually(
        async () => {
          await page.reload();
          return page
            .getByTestId('rejection-reason')
            .textContent()
            .catch(() => null);
        },
        (text) => expect(text).toBe('A moderator rejected it: The title says too little.'),
      );
      await expectNoSeriousA11yViolations(page, 'republish page at 360 px');
      // Republishing sends it back to moderation.
      await field(page, 'Title').fill('Desk lamp, brass');
      await page.getByTestId('product-publish').click();
      await eventually(
        () => page.getByTestId('product-current-status').textContent(),
        (t) => expect(t).toContain('Waiting for moderation'),
      );
    } finally {
      await owner.context.close();
      await moderator.context.close();
    }
  });
});
