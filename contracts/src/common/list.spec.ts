import { z } from 'zod';
import { jsonParam } from './list';

/** What jsonParam did before its shortcut for unquoted values: try JSON.parse, then fall back. */
function before(value: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(value) };
  } catch {
    return /^[\w ,.]+$/.test(value) ? { ok: true, value } : { ok: false };
  }
}

describe('jsonParam', () => {
  const param = jsonParam(z.unknown());
  const now = (value: string) => {
    const result = param.safeParse(value);
    return result.success ? { ok: true, value: result.data } : { ok: false };
  };

  it.each([
    'updatedAt DESC',
    'author,contributor',
    '["author"]',
    '{"a":1}',
    '12',
    '0',
    '01',
    '1.5',
    '1.',
    '1e5',
    '1E10',
    'true',
    ' null ',
    'nulls',
    'false,true',
    ' ',
    '_',
    '-1',
    '1e+5',
    '"x"',
    '{x',
    '\ttrue',
  ])('reads %j as before', (value) => expect(now(value)).toEqual(before(value)));

  it('reads random texts of the unquoted alphabet as before', () => {
    const alphabet = 'ae01 9,._tfnrulsE';
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5_000; i++) {
      const value = Array.from({ length: 1 + Math.floor(next() * 6) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      expect([value, now(value)]).toEqual([value, before(value)]);
    }
  });
});
