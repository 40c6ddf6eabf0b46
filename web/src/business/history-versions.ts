import type { History } from '@kiln/contracts';

/** The newest version a push announced per timeline (`<kind>:<id>`). */
const announced = new Map<string, number>();

/** A push of a record's version: its timeline, asked again, should show that version. */
export function announceVersion(timeline: string, version: number): void {
  if ((announced.get(timeline) ?? 0) < version) announced.set(timeline, version);
}

const TRIES = 10;
const PAUSE_MS = 150;

/**
 * A push comes from the record's event; its timeline from a projection of the same event that may not
 * have run yet. So the timeline is asked again, briefly and at most TRIES times, until it shows the
 * version the last push announced (then it shows whatever it has).
 */
export async function timelineShowing(timeline: string, fetch: () => Promise<History>): Promise<History> {
  for (let attempt = 1; ; attempt++) {
    const history = await fetch();
    const newest = history.data.reduce((most, entry) => Math.max(most, entry.version), 0);
    if (newest >= (announced.get(timeline) ?? 0) || attempt >= TRIES) return history;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
}
