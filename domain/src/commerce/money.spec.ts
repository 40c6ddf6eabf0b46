import fc from 'fast-check';
import { formatUsd, fromCents, multiplyCents, percentOfCents, sumCents, toCents } from './money';

describe('money in cents (ADR 0030)', () => {
  it.each([
    [0, 0],
    [0.29, 29],
    [1.1, 110],
    [1234.5, 123450],
    [19.99, 1999],
  ])('toCents(%d) = %d', (dollars, cents) => expect(toCents(dollars)).toBe(cents));

  it('refuses non-finite amounts', () => {
    expect(() => toCents(Number.NaN)).toThrow('Price must be a positive number');
    expect(() => toCents(Infinity)).toThrow('Price must be a positive number');
  });

  it.each([
    [123450, '$1,234.50'],
    [0, '$0.00'],
    [5, '$0.05'],
    [100000000, '$1,000,000.00'],
    [-300, '-$3.00'],
  ])('formatUsd(%d) = %s', (cents, text) => expect(formatUsd(cents)).toBe(text));

  it('sums exactly where floating dollars do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(fromCents(sumCents([toCents(0.1), toCents(0.2)]))).toBe(0.3);
  });

  it('round-trips every two-decimal amount', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (cents) => toCents(fromCents(cents)) === cents));
  });

  it('multiplies and takes percentages to the nearest cent', () => {
    expect(multiplyCents(999, 3)).toBe(2997);
    expect(multiplyCents(1000, 0.3333)).toBe(333);
    expect(multiplyCents(1, 0.5)).toBe(1);
    expect(multiplyCents(0, -2)).toBe(0);
    expect(percentOfCents(12345, 10)).toBe(1235);
  });
});
