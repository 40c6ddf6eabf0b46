import type { BrowserContext, Page } from 'playwright-core';
import {
  createModelInUi,
  createModelViaApi,
  eventually,
  modelItem,
  modelNames,
  signUp,
  uniqueUser,
  waitForMyModels,
  usePagePerTest,
  withStaleAnswers,
} from '../support/browser';

/** Opens an item's menu (the "…" button) and chooses an entry. */
async function chooseFromModelMenu(page: Page, name: string, entry: 'rename' | 'delete'): Promise<void> {
  await modelItem(page, name).getByTestId('model-menu-button').click();
  await page
    .getByRole('menu', { name: `Actions for ${name}` })
    .getByTestId(`model-menu-${entry}`)
    .click();
}

describe('My Models: create, rename, delete, and live updates in a second tab (spec 000 §2, §4, §5)', () => {
  let context: BrowserContext;
  let page: Page;
  usePagePerTest((opened) => {
    ({ context, page } = opened);
  });

  it('shows what one tab creates, renames and deletes in the other tab without a reload', async () => {
    await signUp(page, uniqueUser('live'));

    await createModelInUi(page, 'Gear housing');
    await modelItem(page, 'Gear housing').waitFor();
    expect(await modelNames(page)).toEqual(['Gear housing']);
    expect(await page.getByTestId('empty-text').count()).toBe(0);

    // A second tab of the same browser: same session cookie.
    const second = await context.newPage();
    await second.goto('/');
    await waitForMyModels(second);
    expect(await modelNames(second)).toEqual(['Gear housing']);
    await second.locator('.live-dot--online').waitFor(); // the socket is in, so no push can be missed
    // Marks this document: a reload or a navigation would lose it.
    await second.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

    // Back to the first tab (the second one keeps running in the background, as a real second tab would).
    await page.bringToFront();

    // Create in the first tab.
    await createModelInUi(page, 'Bolt (M8)');
    await modelItem(page, 'Bolt (M8)').waitFor();
    await eventually(
      () => modelNames(second),
      (names) => expect([...names].sort()).toEqual(['Bolt (M8)', 'Gear housing']),
    );

    // Rename in the first tab.
    await chooseFromModelMenu(page, 'Gear housing', 'rename');
    const rename = page.getByRole('dialog', { name: 'Rename model' });
    const renameField = rename.getByLabel('Name', { exact: true });
    expect(await renameField.inputValue()).toBe('Gear housing');
    await renameField.fill('Gear housing v2');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rename.waitFor({ state: 'detached' });
    await modelItem(page, 'Gear housing v2').waitFor();
    await eventually(
      () => modelNames(second),
      (names) => expect([...names].sort()).toEqual(['Bolt (M8)', 'Gear housing v2']),
    );

    // Delete in the first tab: the button waits for the exact name.
    await chooseFromModelMenu(page, 'Bolt (M8)', 'delete');
    const remove = page.getByRole('dialog', { name: 'Delete model' });
    const confirmField = remove.getByLabel('Model name', { exact: true });
    const deleteButton = remove.getByRole('button', { name: 'Delete' });
    expect(await deleteButton.isDisabled()).toBe(true);
    await confirmField.fill('Bolt (M8');
    expect(await deleteButton.isDisabled()).toBe(true);
    await confirmField.fill('bolt (m8)');
    expect(await deleteButton.isDisabled()).toBe(true);
    await confirmField.fill('Bolt (M8)');
    expect(await deleteButton.isEnabled()).toBe(true);
    await deleteButton.click();
    await remove.waitFor({ state: 'detached' });
    await eventually(
      () => modelNames(page),
      (names) => expect(names).toEqual(['Gear housing v2']),
    );
    await eventually(
      () => modelNames(second),
      (names) => expect(names).toEqual(['Gear housing v2']),
    );

    expect(await second.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    // And the server agrees: a fresh load shows the same.
    await second.reload();
    await waitForMyModels(second);
    expect(await modelNames(second)).toEqual(['Gear housing v2']);
  });

  // A refetch (the catch-up or a reconnection, ADR 0071) may read a read model that has not applied a create yet.
  it('keeps models created meanwhile when a list answer fetched afterwards is older', async () => {
    // Once told, the list is answered as it was before the creates (a read model behind them).
    const stale = await withStaleAnswers(page, /\/api\/workspace\/model\?/);
    await signUp(page, uniqueUser('stale-list'));
    await page.locator('.live-dot--online').waitFor({ timeout: 30_000 });
    stale.serveStale({ data: [], total: 0 });

    // One created here, one elsewhere (its push).
    await createModelInUi(page, 'Made here');
    await createModelViaApi(page, 'Made elsewhere');
    await eventually(
      () => modelNames(page),
      (names) => expect([...names].sort()).toEqual(['Made elsewhere', 'Made here']),
    );

    // The live connection drops and comes back: the page fetches all it shows again, now and 2 s later.
    await stale.reconnect();
    expect([...(await modelNames(page))].sort()).toEqual(['Made elsewhere', 'Made here']);
  }, 120_000);
});
