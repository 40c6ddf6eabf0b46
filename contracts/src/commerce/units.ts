import { z } from 'zod';

/**
 * Units of measure of spec 002 §3, by measure kind. These are the ids the API and the web app use; the
 * domain maps them onto a maintained units library for conversions (domain/src/commerce/units.ts), so
 * no conversion factor is written by hand.
 */
import { MEASURE_KINDS, MONEY_MAX, UNITS, type Unit } from './units.constants';
import { COMMON_MESSAGES } from '../common/messages';

export { CURRENCIES, DEFAULT_UNITS, kindOfUnit, MEASURE_KINDS, MONEY_MAX, UNITS, type Unit, type UnitOf } from './units.constants';
export const MeasureKind = z.enum(MEASURE_KINDS);
export type MeasureKind = z.infer<typeof MeasureKind>;

const ALL_UNITS = Object.values(UNITS).flat() as [Unit, ...Unit[]];
export const UnitId = z.enum(ALL_UNITS, { error: 'Choose a unit from the list.' });

/** A value with its unit (spec 002 §3: "Quantity and price values are pairs {value, unit}"). */
export const Quantity = z.object({
  value: z
    .number({ error: COMMON_MESSAGES.enterNumber })
    .finite(COMMON_MESSAGES.enterNumber)
    .min(0, COMMON_MESSAGES.notNegative)
    .max(1e12, 'This number is too large.'),
  unit: UnitId,
});
export type Quantity = z.infer<typeof Quantity>;

/**
 * An amount of US dollars as it travels in JSON: a number with at most two decimals (ADR 0030). The
 * services keep money as integer cents, so sums are exact.
 */
export const Money = z
  .number({ error: COMMON_MESSAGES.positivePrice })
  .finite(COMMON_MESSAGES.positivePrice)
  .min(0, COMMON_MESSAGES.positivePrice)
  .max(MONEY_MAX, 'This price is too large.')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, COMMON_MESSAGES.twoDecimals);
export type Money = z.infer<typeof Money>;
