import type { Page } from 'playwright-core';
import { signUp, uniqueUser, usePagePerTest } from '../support/browser';

const TOO_SHORT = 'The name must be longer than 3 characters.';
const SYMBOLS = 'Only the following symbols are allowed: -, _, /, (, ).';
const TOO_LONG = 'The name must be at most 200 characters.';

interface ErrorBody {
  statusCode: number;
  message: string;
  errors?: { message: string }[];
}
const messagesOf = (body: ErrorBody): string[] => [body.message, ...(body.errors ?? []).map((e) => e.message)];

describe('model name rules in the New Model dialog and on the server (spec 000 §5)', () => {
  let page: Page;
  usePagePerTest((opened) => {
    ({ page } = opened);
  });

  it('shows the exact messages under the name field and creates nothing', async () => {
    await signUp(page, uniqueUser('names'));
    await page.getByTestId('new-model-button').click();
    const dialog = page.getByRole('dialog', { name: 'New Model' });
    const name = dialog.getByLabel('Name', { exact: true });
    const errors = dialog.getByTestId('field-error');
    const create = dialog.getByRole('button', { name: 'Create' });

    await name.fill('ab');
    await create.click();
    await errors.first().waitFor();
    expect(await errors.allTextContents()).toEqual([TOO_SHORT]);
    expect(await name.getAttribute('aria-invalid')).toBe('true');

    await name.fill('bad*name');
    await create.click();
    await dialog.getByText(SYMBOLS, { exact: true }).waitFor();
    expect(await errors.allTextContents()).toEqual([SYMBOLS]);

    // Whitespace does not count towards the length.
    await name.fill('  ab  ');
    await dialog.getByText(TOO_SHORT, { exact: true }).waitFor();
    expect(await errors.allTextContents()).toEqual([TOO_SHORT]);

    // A valid name clears the message (and the dialog still works).
    await name.fill('Bracket (left)/v_2-b');
    await errors.first().waitFor({ state: 'detached' });
    const hint = dialog.getByTestId('field-hint');
    expect(await hint.textContent()).toBe('');

    // The field stops at 200 characters and says so in words; the name is still valid.
    await name.fill('a'.repeat(201));
    expect((await name.inputValue()).length).toBe(200);
    await dialog.getByText(TOO_LONG, { exact: true }).waitFor();
    expect(await hint.textContent()).toBe(TOO_LONG);
    expect(await errors.count()).toBe(0);
    await name.fill('Bracket (left)/v_2-b');
    expect(await hint.textContent()).toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    expect(await page.getByTestId('empty-text').textContent()).toBe('You don’t have models');
    const list = await page.request.get('/api/workspace/model');
    expect(list.status()).toBe(200);
    expect(((await list.json()) as { total: number }).total).toBe(0);
  });

  it('is enforced by the server too: 400 with the same messages', async () => {
    await signUp(page, uniqueUser('names-api'));

    const symbols = await page.request.post('/api/workspace/model', { data: { name: 'x!' } });
    expect(symbols.status()).toBe(400);
    const symbolsBody = (await symbols.json()) as ErrorBody;
    expect(symbolsBody.statusCode).toBe(400);
    expect(messagesOf(symbolsBody)).toContain(SYMBOLS);

    const symbolsOnly = await page.request.post('/api/workspace/model', { data: { name: 'bad*name' } });
    expect(symbolsOnly.status()).toBe(400);
    expect(((await symbolsOnly.json()) as ErrorBody).message).toBe(SYMBOLS);

    const short = await page.request.post('/api/workspace/model', { data: { name: '  ab ' } });
    expect(short.status()).toBe(400);
    expect(((await short.json()) as ErrorBody).message).toBe(TOO_SHORT);

    // Too long: a sentence for people, not the validation library's text.
    const long = await page.request.post('/api/workspace/model', { data: { name: 'a'.repeat(201) } });
    expect(long.status()).toBe(400);
    expect(messagesOf((await long.json()) as ErrorBody)).toEqual([TOO_LONG, TOO_LONG]);

    // Renaming is held to the same rule.
    const ok = await page.request.post('/api/workspace/model', { data: { name: 'Valid name' } });
    expect(ok.status()).toBe(201);
    const { id } = (await ok.json()) as { id: string };
    const rename = await page.request.patch(`/api/workspace/model/${id}`, { data: { name: 'no*way' } });
    expect(rename.status()).toBe(400);
    expect(messagesOf((await rename.json()) as ErrorBody)).toContain(SYMBOLS);

    const list = (await (await page.request.get('/api/workspace/model')).json()) as { total: number; data: { name: string }[] };
    expect(list.data.map((m) => m.name)).toEqual(['Valid name']);
  });
});
