import Qty from 'js-quantities';
import { MEASURE_KINDS, UNITS } from '@kiln/contracts/constants';
import type { MeasureKind, Quantity, Unit } from '@kiln/contracts';
import { DomainError } from '../shared/domain-error';

/**
 * Unit conversions for the business area (ADR 0030). The spec's unit ids (contracts UNITS) are mapped
 * onto js-quantities' unit names, so no conversion factor is written here. The one unit the library lacks
 * is the month: it is a twelfth of the library's year (the mean solar year), hence `scale`.
 */
export const LIBRARY_UNITS: Record<Unit, { unit: string; scale?: number }> = {
  each: { unit: 'each' },
  mm: { unit: 'mm' },
  cm: { unit: 'cm' },
  m: { unit: 'm' },
  km: { unit: 'km' },
  in: { unit: 'in' },
  ft: { unit: 'ft' },
  yd: { unit: 'yd' },
  mi: { unit: 'mi' },
  μm: { unit: 'um' },
  dm: { unit: 'dm' },
  mm2: { unit: 'mm^2' },
  cm2: { unit: 'cm^2' },
  m2: { unit: 'm^2' },
  ha: { unit: 'hectare' },
  km2: { unit: 'km^2' },
  in2: { unit: 'in^2' },
  ft2: { unit: 'ft^2' },
  acre: { unit: 'acre' },
  mi2: { unit: 'mi^2' },
  μm2: { unit: 'um^2' },
  dm2: { unit: 'dm^2' },
  yd2: { unit: 'yd^2' },
  ml: { unit: 'ml' },
  cl: { unit: 'cl' },
  dl: { unit: 'dl' },
  l: { unit: 'l' },
  cm3: { unit: 'cm^3' },
  m3: { unit: 'm^3' },
  tsp: { unit: 'tsp' },
  tbsp: { unit: 'tbsp' },
  fl_oz: { unit: 'floz' },
  cup: { unit: 'cup' },
  pt: { unit: 'pint' },
  qt: { unit: 'quart' },
  gal: { unit: 'gallon' },
  μm3: { unit: 'um^3' },
  mm3: { unit: 'mm^3' },
  dm3: { unit: 'dm^3' },
  km3: { unit: 'km^3' },
  in3: { unit: 'in^3' },
  ft3: { unit: 'ft^3' },
  yd3: { unit: 'yd^3' },
  mg: { unit: 'mg' },
  g: { unit: 'g' },
  kg: { unit: 'kg' },
  t: { unit: 'tonne' },
  oz: { unit: 'oz' },
  lb: { unit: 'lb' },
  st: { unit: 'stone' },
  ms: { unit: 'ms' },
  s: { unit: 's' },
  h: { unit: 'h' },
  d: { unit: 'd' },
  wk: { unit: 'wk' },
  mo: { unit: 'yr', scale: 1 / 12 },
  yr: { unit: 'yr' },
};

/** Readable names of the kinds, for sentences ("Choose a unit of length."). */
export const MEASURE_KIND_LABELS: Record<MeasureKind, string> = {
  count: 'count',
  length: 'length',
  area: 'area',
  volume: 'volume',
  mass: 'weight',
  time: 'time',
};

const KIND_OF = new Map<string, MeasureKind>(MEASURE_KINDS.flatMap((kind) => UNITS[kind].map((unit) => [unit, kind] as const)));

/** The kind of a unit id, or undefined for an id that is not one of the spec's units. */
export function unitKind(unit: string): MeasureKind | undefined {
  return KIND_OF.get(unit);
}

export function isUnit(unit: unknown): unit is Unit {
  return typeof unit === 'string' && KIND_OF.has(unit);
}

/** True when `unit` is one of the spec's units of `kind`. */
export function isUnitOfKind(unit: unknown, kind: MeasureKind): unit is Unit {
  return typeof unit === 'string' && KIND_OF.get(unit) === kind;
}

export function unitsOfKind(kind: MeasureKind): readonly Unit[] {
  return UNITS[kind];
}

// Conversions carry binary floating-point noise (25.4 * 3 = 76.19999…): 12 significant digits are kept.
const tidy = (n: number) => (n === 0 ? 0 : Number(n.toPrecision(12)));

/** `value` of `from` expressed in `to`; both must be of the same kind. */
export function convertValue(value: number, from: Unit, to: Unit): number {
  const fromKind = unitKind(from);
  const toKind = unitKind(to);
  if (!fromKind || !toKind) throw new DomainError('invalid', 'Choose a unit from the list.');
  if (fromKind !== toKind) throw new DomainError('invalid', `A ${MEASURE_KIND_LABELS[fromKind]} in ${from} cannot be expressed in ${to}.`);
  if (from === to) return value;
  const a = LIBRARY_UNITS[from];
  const b = LIBRARY_UNITS[to];
  const converted = Qty(value * (a.scale ?? 1), a.unit).to(b.unit).scalar / (b.scale ?? 1);
  return tidy(converted);
}

/** The quantity expressed in `toUnit` (spec 002 §3: quantities are {value, unit} pairs). */
export function convert(quantity: Quantity, toUnit: Unit): Quantity {
  return { value: convertValue(quantity.value, quantity.unit, toUnit), unit: toUnit };
}

/** Compares two quantities of the same kind: negative when a < b, 0 when equal, positive when a > b. */
export function compareQuantities(a: Quantity, b: Quantity): number {
  return convertValue(a.value, a.unit, b.unit) - b.value;
}
