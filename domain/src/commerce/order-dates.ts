/**
 * Dates on orders and quotes (spec 002 §9), one home for the web app and the BFF's PDF (ADR 0059):
 * the format "hour:minute — Mon D, YYYY", the estimated lead time and the expected date.
 * Pure: the time zone comes in as a parameter (the browser's own; the PDF's from its request).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** True when `timeZone` is an IANA zone this runtime knows ("Europe/Paris", "UTC"). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * Spec 002 §9: "hour:minute — Mon D, YYYY" ("09:05 — Nov 6, 2026"), in `timeZone` (the runtime's own when absent).
 * An unreadable date gives ''.
 */
export function formatWhen(when: string | Date, timeZone?: string): string {
  const date = typeof when === 'string' ? new Date(when) : when;
  if (Number.isNaN(date.getTime())) return '';
  const parts: Record<string, string> = {};
  for (const part of formatIn(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return `${parts.hour}:${parts.minute} — ${parts.month} ${parts.day}, ${parts.year}`;
}

/** Spec 002 §9: "Est. lead time = creation date plus expirationDays" (null without days). */
export function estimatedLeadTime(createdAt: string, expirationDays: number | null): string | null {
  return expirationDays === null ? null : new Date(new Date(createdAt).getTime() + expirationDays * DAY_MS).toISOString();
}

/** Spec 002 §9: "expected date = update date plus deliveryDays" (null without days). */
export function expectedDate(updatedAt: string, deliveryDays: number | null): string | null {
  return deliveryDays === null ? null : new Date(new Date(updatedAt).getTime() + deliveryDays * DAY_MS).toISOString();
}
