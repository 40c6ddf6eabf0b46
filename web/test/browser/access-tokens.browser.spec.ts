import type { Browser } from 'playwright-core';
import { ACCESS_TOKEN_MESSAGES } from '@kiln/domain';
import { PERSONAL_TOKEN_PREFIX } from '@kiln/contracts/constants';
import { eventually, launchBrowser, tabTo } from '../support/browser';
import { contextAt, expectNoHorizontalScroll, expectNoSeriousA11yViolations, PHONE, signUpOnce, SMALL_PHONE } from '../support/layout';

// Issue 21, ADR 0065: a person makes an access token on /settings/tokens (reached from the profile), sees its
// secret once with a copy button, uses it as a Bearer token, and revokes it, at 390 px with the keyboard alone.
describe('Access tokens', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a token whose secret is shown once, then revokes it (390 px, keyboard, axe)', async () => {
    const { state } = await signUpOnce(browser, PHONE, 'tokens');
    const { context, page } = await contextAt(browser, PHONE, state);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    try {
      await page.goto('/profile');
      const link = page.getByTestId('profile-tokens');
      await tabTo(page, link);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/settings/tokens');
      await page.getByRole('heading', { level: 1, name: 'Access tokens' }).waitFor();
      await page.getByText('No tokens yet.').waitFor();

      // The dialog: name, then the scopes as checkboxes, the expiry, Create — all from the keyboard.
      await tabTo(page, page.getByTestId('token-new'));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'New token' });
      await dialog.waitFor();
      await page.keyboard.type('Nightly export');
      await tabTo(page, page.getByTestId('token-scope-models-write'));
      await page.keyboard.press('Space');
      expect(await page.getByTestId('token-scope-models-read').isChecked()).toBe(true);
      await tabTo(page, page.getByTestId('token-scope-business-read'));
      await page.keyboard.press('Space');
      await tabTo(page, page.getByTestId('token-expiry'));
      await page.getByTestId('token-expiry').selectOption('7');
      await expectNoSeriousA11yViolations(page, 'New token dialog');
      await tabTo(page, page.getByTestId('token-create'));
      await page.keyboard.press('Enter');

      // Shown once, with the sentence and a copy button.
      const shown = page.getByTestId('token-secret-shown');
      await shown.waitFor();
      expect(await shown.textContent()).toContain(ACCESS_TOKEN_MESSAGES.secretShownOnce);
      const secret = (await page.getByTestId('token-secret').textContent())!.trim();
      expect(secret.startsWith(PERSONAL_TOKEN_PREFIX)).toBe(true);
      await tabTo(page, page.getByTestId('token-copy'));
      await page.keyboard.press('Enter');
      await eventually(
        () => shown.getByRole('status').textContent(),
        (text) => expect(text).toBe('Copied.'),
      );
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await expectNoHorizontalScroll(page, 'tokens page with the secret at 390 px');
      await expectNoSeriousA11yViolations(page, 'Access tokens with the secret shown');

      // The token works as a Bearer (a cookie beside it is not looked at) within its scopes.
      const bearer = { authorization: `Bearer ${secret}` };
      expect((await page.request.get('/api/workspace/model', { headers: bearer })).status()).toBe(200);
      expect((await page.request.get('/api/workspace/font', { headers: bearer })).status()).toBe(403);

      // Never shown again: after a reload the list has the token (scopes, expiry, last used) and not its secret.
      await page.reload();
      const row = page.getByTestId('token-row').filter({ hasText: 'Nightly export' });
      await row.waitFor();
      expect(await row.textContent()).toContain('Models: read and write, Business: read');
      expect(await row.getByTestId('token-last-used').textContent()).not.toBe('Never');
      expect(await page.content()).not.toContain(secret);
      await expectNoHorizontalScroll(page, 'tokens list at 390 px');
      await page.setViewportSize(SMALL_PHONE);
      await expectNoHorizontalScroll(page, 'tokens list at 360 px');
      await page.setViewportSize(PHONE);

      // Revoke, confirmed, from the keyboard: the token stops working at once.
      await tabTo(page, row.getByRole('button', { name: 'Revoke Nightly export' }));
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Revoke “Nightly export”?' }).waitFor();
      await expectNoSeriousA11yViolations(page, 'Revoke dialog');
      await tabTo(page, page.getByTestId('token-revoke-confirm'));
      await page.keyboard.press('Enter');
      await row.waitFor({ state: 'detached' });
      await page.getByText('No tokens yet.').waitFor();
      expect((await page.request.get('/api/workspace/model', { headers: bearer })).status()).toBe(401);
    } finally {
      await context.close();
    }
  });
});
