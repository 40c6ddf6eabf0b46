import { composite, ratio, renderReport } from './report';
import { percentile, summarize } from './stats';

describe('bench statistics', () => {
  it('takes nearest-rank percentiles of sorted samples', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
  });

  it('summarizes unsorted samples', () => {
    const s = summarize('x', [5, 1, 4, 2, 3]);
    expect(s).toMatchObject({ name: 'x', n: 5, p50: 3, p99: 5, min: 1, max: 5, mean: 3 });
  });

  it('refuses an empty sample set', () => {
    expect(() => percentile([], 50)).toThrow('no samples');
  });
});

describe('bench report', () => {
  const a = summarize('a', [1, 1, 1]);
  const b = summarize('b', [2, 2, 2]);
  const m = summarize('metric', [6, 6, 6]);

  it('sums the parts of a composite baseline', () => {
    expect(composite({ name: 'ab', parts: ['a', 'b'] }, [a, b])).toMatchObject({ name: 'ab', p50: 3, p99: 3 });
    expect(() => composite({ name: 'ac', parts: ['a', 'c'] }, [a, b])).toThrow('no baseline named c');
  });

  it('prints each metric against its composite and each part', () => {
    const text = renderReport({
      baselines: [a, b],
      composites: [{ name: 'ab', parts: ['a', 'b'] }],
      comparisons: [{ metric: m, against: 'ab', meaning: 'what it is' }],
    });
    expect(text).toContain('ab = a + b');
    expect(text).toMatch(/\| metric +\| +3 \| +6\.00 \| +6\.00 \| +ab \| +2\.0× \| +2\.0× \|/);
    expect(text).toMatch(/vs a \| +6\.0× \|/);
    expect(text).toMatch(/vs b \| +3\.0× \|/);
    expect(text).toContain('- metric: what it is');
    expect(ratio(1, 0)).toBe('—');
  });
});
