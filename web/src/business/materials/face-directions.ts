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

/** A face no entry paints, or whose texture is not read (yet, or gone): a neutral grey. */
export const NEUTRAL_FINISH = { hex: '#B9B4AC', metallicity: 0, roughness: 0.6, opacity: 1 } as const;

/** The entry painting each face direction: the entry naming the direction, else an entry with 'all'; none: undefined. */
export function entriesByDirection(entries: readonly AppearanceEntry[]): (AppearanceEntry | undefined)[] {
  return DIRECTION_ORDER.map(
    (direction) => entries.find((e) => e.materialIndexDirection.includes(direction)) ?? entries.find((e) => e.materialIndexDirection.includes('all')),
  );
}

/**
 * What each face direction wears: the texture its texture-mode entry names (its id, when `hasTexture` says it was
 * read), or the colour and finish of its colour-mode entry, else the neutral grey.
 */
export function finishesByDirection(entries: readonly AppearanceEntry[], hasTexture: (id: string) => boolean = () => false) {
  return entriesByDirection(entries).map((entry) => {
    if (entry?.mode === 'texture' && entry.textureId && hasTexture(entry.textureId)) return { textureId: entry.textureId };
    return entry?.mode === 'color' && entry.color ? entry.color : NEUTRAL_FINISH;
  });
}
