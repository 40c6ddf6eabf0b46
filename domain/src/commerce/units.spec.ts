import { MEASURE_KINDS, UNITS, type Unit } from '@kiln/contracts';
import { compareQuantities, convert, convertValue, isUnitOfKind, LIBRARY_UNITS, unitKind } from './units';

describe('units (ADR 0030)', () => {
  it.each(MEASURE_KINDS.flatMap((kind) => UNITS[kind].map((unit) => [kind, unit] as const)))(
    '%s unit %s converts to every unit of its kind and back',
    (kind, unit) => {
      expect(unitKind(unit)).toBe(kind);
      for (const other of UNITS[kind] as readonly Unit[]) {
        const there = convertValue(1, unit, other);
        expect(Number.isFinite(there) && there > 0).toBe(true);
        expect(convertValue(there, other, unit)).toBeCloseTo(1, 9);
      }
    },
  );

  it('maps every spec unit and nothing else', () => {
    expect(Object.keys(LIBRARY_UNITS).sort()).toEqual(Object.values(UNITS).flat().sort());
  });

  it.each([
    [{ value: 1, unit: 'in' }, 'mm', 25.4],
    [{ value: 3, unit: 'in' }, 'mm', 76.2],
    [{ value: 1, unit: 'm2' }, 'cm2', 10_000],
    [{ value: 1, unit: 'ha' }, 'm2', 10_000],
    [{ value: 1, unit: 'l' }, 'ml', 1000],
    [{ value: 1, unit: 'cm3' }, 'ml', 1],
    [{ value: 1, unit: 'gal' }, 'l', 3.7854118],
    [{ value: 1, unit: 'kg' }, 'lb', 2.20462262185],
    [{ value: 1, unit: 'st' }, 'lb', 14],
    [{ value: 1, unit: 't' }, 'kg', 1000],
    [{ value: 1, unit: 'wk' }, 'd', 7],
    [{ value: 12, unit: 'mo' }, 'yr', 1],
    [{ value: 1000, unit: 'μm' }, 'mm', 1],
    [{ value: 5, unit: 'each' }, 'each', 5],
  ] as const)('convert(%j, %s) = %d', (q, to, expected) => {
    const result = convert(q, to);
    expect(result.unit).toBe(to);
    expect(result.value).toBeCloseTo(expected, 6);
  });

  it('refuses to convert across kinds, with a sentence', () => {
    expect(() => convertValue(1, 'mm', 'g')).toThrow('A length in mm cannot be expressed in g.');
    expect(() => convertValue(1, 'bogus' as Unit, 'g')).toThrow('Choose a unit from the list.');
  });

  it('compares quantities in different units', () => {
    expect(compareQuantities({ value: 1, unit: 'in' }, { value: 25.4, unit: 'mm' })).toBe(0);
    expect(compareQuantities({ value: 1, unit: 'cm' }, { value: 11, unit: 'mm' })).toBeLessThan(0);
    expect(compareQuantities({ value: 1, unit: 'ft' }, { value: 11, unit: 'in' })).toBeGreaterThan(0);
  });

  it('tells units of a kind', () => {
    expect(isUnitOfKind('mm', 'length')).toBe(true);
    expect(isUnitOfKind('mm2', 'length')).toBe(false);
    expect(isUnitOfKind(undefined, 'length')).toBe(false);
  });
});
