import { diff } from './business-record';

describe('diff of business record fields', () => {
  it('sees no change when only the key order differs (facts come back from jsonb with sorted keys)', () => {
    const stored = { appearance: [{ color: { hex: '#000000', opacity: 1 }, mode: 'color' }], price: { cents: 100, unit: 'each' } };
    const fresh = { appearance: [{ mode: 'color', color: { opacity: 1, hex: '#000000' } }], price: { unit: 'each', cents: 100 } };
    expect(diff(stored, fresh)).toEqual({});
  });

  it('still sees a changed value, and array order counts', () => {
    expect(diff({ tags: ['a', 'b'], n: { v: 1 } }, { tags: ['b', 'a'], n: { v: 2 } })).toEqual({
      tags: { from: ['a', 'b'], to: ['b', 'a'] },
      n: { from: { v: 1 }, to: { v: 2 } },
    });
  });
});
