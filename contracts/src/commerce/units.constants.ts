/**
 * The unit ids of spec 002 §3 as plain values (no zod), so `@kiln/contracts/constants` can offer them to
 * the web app without schema code in its bundle (docs/adr/0013). units.ts builds the schemas on them.
 */
export const MEASURE_KINDS = ['count', 'length', 'area', 'volume', 'mass', 'time'] as const;
export type MeasureKindId = (typeof MEASURE_KINDS)[number];

export const UNITS = {
  count: ['each'],
  length: ['mm', 'cm', 'm', 'km', 'in', 'ft', 'yd', 'mi', 'μm', 'dm'],
  area: ['mm2', 'cm2', 'm2', 'ha', 'km2', 'in2', 'ft2', 'acre', 'mi2', 'μm2', 'dm2', 'yd2'],
  volume: ['ml', 'cl', 'dl', 'l', 'cm3', 'm3', 'tsp', 'tbsp', 'fl_oz', 'cup', 'pt', 'qt', 'gal', 'μm3', 'mm3', 'dm3', 'km3', 'in3', 'ft3', 'yd3'],
  mass: ['mg', 'g', 'kg', 't', 'oz', 'lb', 'st'],
  time: ['ms', 's', 'h', 'd', 'wk', 'mo', 'yr'],
} as const satisfies Record<MeasureKindId, readonly string[]>;
export type UnitOf<K extends MeasureKindId> = (typeof UNITS)[K][number];
export type Unit = UnitOf<MeasureKindId>;

/** Default unit of each kind (spec 002 §3: length mm, area mm2, volume ml, mass g). */
export const DEFAULT_UNITS: { [K in MeasureKindId]: UnitOf<K> } = { count: 'each', length: 'mm', area: 'mm2', volume: 'ml', mass: 'g', time: 'd' };

/** The currencies of the shared catalogue; amounts are shown in US dollars with two decimals. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'INR', 'AMD'] as const;

/** The measure kind a unit belongs to (each unit id is in exactly one kind). */
export function kindOfUnit(unit: string): MeasureKindId | undefined {
  return MEASURE_KINDS.find((kind) => (UNITS[kind] as readonly string[]).includes(unit));
}

/** The largest amount of US dollars a price may be. */
export const MONEY_MAX = 1_000_000_000;
