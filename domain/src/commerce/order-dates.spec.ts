import { estimatedLeadTime, expectedDate, formatWhen, isKnownTimeZone } from './order-dates';

describe('order dates (spec 002 §9)', () => {
  it('writes hour:minute — Mon D, YYYY in the zone asked for', () => {
    expect(formatWhen('2026-11-06T09:05:00.000Z', 'UTC')).toBe('09:05 — Nov 6, 2026');
    expect(formatWhen('2026-11-06T23:30:00.000Z', 'Europe/Paris')).toBe('00:30 — Nov 7, 2026');
    expect(formatWhen('2026-01-01T00:00:00.000Z', 'America/New_York')).toBe('19:00 — Dec 31, 2025');
  });

  it('midnight is 00, never 24, and an unreadable date is empty', () => {
    expect(formatWhen(new Date('2026-03-15T00:07:00.000Z'), 'UTC')).toBe('00:07 — Mar 15, 2026');
    expect(formatWhen('not a date', 'UTC')).toBe('');
  });

  it('est. lead time is created + expirationDays; expected is updated + deliveryDays', () => {
    expect(estimatedLeadTime('2026-11-26T10:00:00.000Z', 7)).toBe('2026-12-03T10:00:00.000Z');
    expect(expectedDate('2026-11-30T10:00:00.000Z', 2)).toBe('2026-12-02T10:00:00.000Z');
    expect(estimatedLeadTime('2026-11-26T10:00:00.000Z', null)).toBeNull();
    expect(expectedDate('2026-11-26T10:00:00.000Z', null)).toBeNull();
  });

  it('knows IANA zones and refuses made-up ones', () => {
    expect(isKnownTimeZone('Europe/Paris')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
  });
});
