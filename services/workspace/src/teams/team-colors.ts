import { createHash } from 'node:crypto';

/** The colours a new team is shown with (its owner may pick any `#rrggbb` later in the settings). */
export const TEAM_PALETTE = ['#4f46e5', '#0891b2', '#059669', '#65a30d', '#d97706', '#dc2626', '#db2777', '#7c3aed'] as const;

/** A stable colour per team: the same id always gets the same colour, ids spread over the palette. */
export function teamColorFor(teamId: string): string {
  return TEAM_PALETTE[createHash('sha256').update(teamId).digest()[0] % TEAM_PALETTE.length];
}
