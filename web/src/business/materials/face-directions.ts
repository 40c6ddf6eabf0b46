import type { AppearanceEntry } from '@kiln/contracts';

/**
 * The six face directions in the order of the preview's material indices (material-shapes.ts groups each
 * geometry's triangles in this order). Kept apart from three.js so it is testable under jest.
 */
export const DIRECTION_ORDER = ['X+', 'X-', 'Y+', 'Y-', 'Z+', 'Z-'] as const;

/** The index in DIRECTION_ORDER of the axis a normal mostly points along. */
export function directionIndexOf(nx: number, ny: number, nz: number): number {
  const ax = Math.abs(nx);
  const ay = Math.abs(ny);
  const az = Math.abs(nz);
  if (ax >= ay && ax >= az) return nx >= 0 ? 0 : 1;
  if (ay >= az) return ny >= 0 ? 2 : 3;
  return nz >= 0 ? 4 : 5;
}

/** A face no entry paints, and a texture (none can be shown yet, ADR 0031): a neutral grey. */
export const NEUTRAL_FINISH = { hex: '#B9B4AC', metallicity: 0, roughness: 0.6, opacity: 1 } as const;

/** The colour and finish each face direction takes: the entry naming the direction, else an entry with 'all'. */
export function finishesByDirection(entries: readonly AppearanceEntry[]) {
  return DIRECTION_ORDER.map((direction) => {
    const entry = entries.find((e) => e.materialIndexDirection.includes(direction)) ?? entries.find((e) => e.materialIndexDirection.includes('all'));
    return entry?.mode === 'color' && entry.color ? entry.color : NEUTRAL_FINISH;
  });
}
