import type { BrowserContext, Page } from 'playwright-core';
import { field, signIn, signUp, uniqueUser, waitForMyModels, usePagePerTest } from '../support/browser';

describe('auth: sign up, sign out, sign in (spec 000 §2)', () => {
  let context: BrowserContext;
  let page: Page;
  usePagePerTest((opened) => {
    ({ context, page } = opened);
  });

  it('signs a new user up onto an empty My Models, signs out, rejects a wrong password and signs in again', async () => {
    const user = await signUp(page, uniqueUser('auth'));

    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('user-name').textContent()).toBe(user.fullName);
    expect(await page.getByTestId('empty-text').textContent()).toBe('You don’t have models');
    expect(await page.getByTestId('model-item').count()).toBe(0);

    // Sign out through the user menu.
    await page.getByRole('button', { name: `User menu for ${user.fullName}` }).click();
    await page.getByRole('menu', { name: 'User menu' }).getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByTestId('user-name').count()).toBe(0);

    // The session is really gone: My Models sends us back to sign-in.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/signin');

    // A wrong password is refused with a message, and we stay on sign-in.
    await signIn(page, { email: user.email, password: `${user.password}-wrong` });
    const error = page.getByTestId('form-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Wrong e-mail or password.');
    expect(new URL(page.url()).pathname).toBe('/signin');

    // The right password works.
    await field(page, 'Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForMyModels(page);
    expect(await page.getByTestId('user-name').textContent()).toBe(user.fullName);
    expect(await page.getByTestId('empty-text').textContent()).toBe('You don’t have models');
  });
});
