import { AUTH_MESSAGES } from '@kiln/contracts/constants';
import type { Page } from 'playwright-core';
import { field, signIn, signUp, uniqueUser, waitForMyModels, usePagePerTest } from '../support/browser';

describe('auth: sign up, sign out, sign in (spec 000 §2)', () => {
  let page: Page;
  usePagePerTest((opened) => {
    ({ page } = opened);
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

  it('refuses a common password, and one equal to the e-mail, under the Password field with a sentence for people (ADR 0042)', async () => {
    const user = uniqueUser('weak');
    await page.goto('/signup');
    await field(page, 'Full name').fill(user.fullName);
    await field(page, 'E-mail').fill(user.email);
    await field(page, 'Password').fill('12345678');
    await page.getByRole('button', { name: 'Sign up' }).click();
    const problem = page.getByTestId('field-error');
    await problem.waitFor();
    expect(await problem.textContent()).toBe(AUTH_MESSAGES.passwordTooCommon);
    expect(await field(page, 'Password').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/signup');

    await field(page, 'Password').fill(user.email);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText(AUTH_MESSAGES.passwordIsPersonal).waitFor();
    expect(await page.getByTestId('field-error').allTextContents()).toEqual([AUTH_MESSAGES.passwordIsPersonal]);

    // A strong one is taken.
    await field(page, 'Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await waitForMyModels(page);
  });
});
