import { DomainError } from '../shared/domain-error';
import { COMMON_MESSAGES } from '@kiln/contracts/constants';

/**
 * Money inside the services and the domain is an integer number of US cents (ADR 0030), so sums and
 * comparisons are exact; JSON carries dollars with at most two decimals (contracts' `Money`).
 */
export type Cents = number;

export const MONEY_MESSAGES = {
  notAmount: COMMON_MESSAGES.positivePrice,
} as const;

/** Dollars as they come in JSON (at most two decimals) to integer cents. */
export function toCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new DomainError('invalid', MONEY_MESSAGES.notAmount);
  // 0.29 * 100 = 28.999999999999996: rounding to the nearest cent removes the binary noise.
  return Math.round(dollars * 100);
}

/** Integer cents to dollars for JSON (two decimals at most, exactly representable as the same text). */
export function fromCents(cents: Cents): number {
  return Number((cents / 100).toFixed(2));
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$1,234.50" (spec 002 §9: US dollars, two decimals); negatives read "-$3.00". */
export function formatUsd(cents: Cents): string {
  return USD.format(cents / 100);
}

/** Exact sum of amounts in cents. */
export function sumCents(amounts: Iterable<Cents>): Cents {
  let total = 0;
  for (const amount of amounts) total += amount;
  return total;
}

/** A price in cents times a quantity (fractional quantities allowed), rounded to the cent (half away from zero). */
export function multiplyCents(cents: Cents, factor: number): Cents {
  const product = cents * factor;
  const rounded = Math.sign(product) * Math.round(Math.abs(product) + 1e-9);
  return rounded === 0 ? 0 : rounded;
}

/** `percent` % of an amount, rounded to the cent (a margin, a scrap share). */
export function percentOfCents(cents: Cents, percent: number): Cents {
  return multiplyCents(cents, percent / 100);
}

/** True for a whole, finite, non-negative number of cents. */
export function isValidCents(cents: unknown): cents is Cents {
  return typeof cents === 'number' && Number.isSafeInteger(cents) && cents >= 0;
}
