import { z } from 'zod';

/**
 * Units of measure of spec 002 §3, by measure kind. These are the ids the API and the web app use; the
 * domain maps them onto a maintained units library for conversions (domain/src/commerce/units.ts), so
 * no conversion factor is written by hand.
 */
export const MEASURE_KINDS = ['count', 'length', 'area', 'volume', 'mass', 'time'] as const;
export const MeasureKind = z.enum(MEASURE_KINDS);
export type MeasureKind = z.infer<typeof MeasureKind>;

export const UNITS = {
  count: ['each'],
  length: ['mm', 'cm', 'm', 'km', 'in', 'ft', 'yd', 'mi', 'μm', 'dm'],
  area: ['mm2', 'cm2', 'm2', 'ha', 'km2', 'in2', 'ft2', 'acre', 'mi2', 'μm2', 'dm2', 'yd2'],
  volume: ['ml', 'cl', 'dl', 'l', 'cm3', 'm3', 'tsp', 'tbsp', 'fl_oz', 'cup', 'pt', 'qt', 'gal', 'μm3', 'mm3', 'dm3', 'km3', 'in3', 'ft3', 'yd3'],
  mass: ['mg', 'g', 'kg', 't', 'oz', 'lb', 'st'],
  time: ['ms', 's', 'h', 'd', 'wk', 'mo', 'yr'],
} as const satisfies Record<MeasureKind, readonly string[]>;
export type UnitOf<K extends MeasureKind> = (typeof UNITS)[K][number];
export type Unit = UnitOf<MeasureKind>;

/** Default unit of each kind (spec 002 §3: length mm, area mm2, volume ml, mass g). */
export const DEFAULT_UNITS: { [K in MeasureKind]: UnitOf<K> } = { count: 'each', length: 'mm', area: 'mm2', volume: 'ml', mass: 'g', time: 'd' };

/** The currencies of the shared catalogue; amounts are shown in US dollars with two decimals. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'INR', 'AMD'] as const;

const ALL_UNITS = Object.values(UNITS).flat() as [Unit, ...Unit[]];
export const UnitId = z.enum(ALL_UNITS, { error: 'Choose a unit from the list.' });

/** The measure kind a unit belongs to (each unit id is in exactly one kind). */
export function kindOfUnit(unit: string): MeasureKind | undefined {
  return MEASURE_KINDS.find((kind) => (UNITS[kind] as readonly string[]).includes(unit));
}

/** A value with its unit (spec 002 §3: "Quantity and price values are pairs {value, unit}"). */
export const Quantity = z.object({
  value: z.number({ error: 'Enter a number.' }).finite('Enter a number.').min(0, 'Must not be negative.').max(1e12, 'This number is too large.'),
  unit: UnitId,
});
export type Quantity = z.infer<typeof Quantity>;

/**
 * An amount of US dollars as it travels in JSON: a number with at most two decimals (ADR 0030). The
 * services keep money as integer cents, so sums are exact.
 */
export const MONEY_MAX = 1_000_000_000;
export const Money = z
  .number({ error: 'Price must be a positive number' })
  .finite('Price must be a positive number')
  .min(0, 'Price must be a positive number')
  .max(MONEY_MAX, 'This price is too large.')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Use at most two decimals.');
export type Money = z.infer<typeof Money>;
