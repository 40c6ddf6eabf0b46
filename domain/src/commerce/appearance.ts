import { ALL_DIRECTIONS, APPEARANCE_DIRECTIONS } from '@kiln/contracts/constants';
import type { AppearanceColor, AppearanceDirection, Direction, MaterialClassId } from '@kiln/contracts';
import type { FieldError } from './field-errors';

/**
 * The appearance of a material (spec 002 §3–§5): up to three entries, each painting some directions
 * (face normals, or 'all') with a texture or a colour. `appearanceErrors` holds every §5 rule so the
 * wizard and the service show the same sentences. Numbering (ADR 0028): paths use the array index
 * (`appearance.0.textureId`, as form fields are named); sentences use entry numbers as people read
 * them, from 1 ("overlapping with entry 1" is the first entry).
 */
export const APPEARANCE_MESSAGES = {
  directionRequired: 'Direction is required',
  textureRequired: 'For texture mode, textureId is required',
  colorRequired: 'For color mode, color is required',
  overlapping: (direction: string, entry: number) => `Direction '${direction}' is overlapping with entry ${entry}`,
  overlappingDueToAll: (entry: number) => `Direction is overlapping with entry ${entry} due to 'all'`,
  alreadyAll: (entry: number) => `Entry ${entry} is already set to 'all'`,
  notUsed: (direction: string) => `Direction ${direction} wasn't used`,
  /**
   * Ours (ADR 0064): a texture that is deleted, private again, or of another scope. The service refuses it when it is
   * newly chosen (400), and the editor says it of an entry whose texture is gone since it was saved.
   */
  textureUnavailable: 'This texture was deleted or is not available to this material.',
} as const;

/** An entry as the editor and the service hold it (the texture object is display only). */
export interface AppearanceEntryInput {
  mode: 'texture' | 'color';
  textureId?: string | null;
  texture?: unknown;
  color?: AppearanceColor | null;
  materialIndexDirection?: readonly Direction[] | null;
}

/**
 * The directions an appearance must cover for a class. Every class's 3D preview is a box or a profile
 * extruded along one axis, so all six face normals exist for each (ADR 0028).
 */
export function directionsOfClass(_materialClass?: MaterialClassId | null): readonly AppearanceDirection[] {
  return APPEARANCE_DIRECTIONS;
}

/**
 * Every §5 appearance rule, in entry order then coverage. An empty list is allowed (no appearance: the
 * preview shows a neutral grey); coverage applies once there is an entry.
 */
export function appearanceErrors(entries: readonly AppearanceEntryInput[], materialClass?: MaterialClassId | null, prefix = 'appearance'): FieldError[] {
  const errors: FieldError[] = [];
  const dirs = entries.map((e) => [...new Set(e.materialIndexDirection ?? [])]);
  entries.forEach((entry, i) => {
    const at = (field: string) => `${prefix}.${i}.${field}`;
    const own = dirs[i];
    if (own.length === 0) errors.push({ path: at('materialIndexDirection'), message: APPEARANCE_MESSAGES.directionRequired });
    if (entry.mode === 'texture' && !entry.textureId) errors.push({ path: at('textureId'), message: APPEARANCE_MESSAGES.textureRequired });
    if (entry.mode === 'color' && !entry.color) errors.push({ path: at('color'), message: APPEARANCE_MESSAGES.colorRequired });
    // Overlaps are told on the later entry, naming the first earlier one it collides with.
    const earlier = dirs.slice(0, i);
    const withAll = earlier.findIndex((d) => d.includes(ALL_DIRECTIONS));
    if (own.length > 0 && withAll >= 0) {
      errors.push({ path: at('materialIndexDirection'), message: APPEARANCE_MESSAGES.alreadyAll(withAll + 1) });
      return;
    }
    if (own.includes(ALL_DIRECTIONS)) {
      const used = earlier.findIndex((d) => d.length > 0);
      if (used >= 0) errors.push({ path: at('materialIndexDirection'), message: APPEARANCE_MESSAGES.overlappingDueToAll(used + 1) });
      return;
    }
    for (const direction of own) {
      const other = earlier.findIndex((d) => d.includes(direction));
      if (other >= 0) errors.push({ path: at('materialIndexDirection'), message: APPEARANCE_MESSAGES.overlapping(direction, other + 1) });
    }
  });
  if (entries.length > 0 && !dirs.some((d) => d.includes(ALL_DIRECTIONS))) {
    const used = new Set(dirs.flat());
    for (const direction of directionsOfClass(materialClass)) {
      if (!used.has(direction)) errors.push({ path: prefix, message: APPEARANCE_MESSAGES.notUsed(direction) });
    }
  }
  return errors;
}

/** Stored form of the entries: directions without repeats, and only 'all' when an entry has 'all'. */
export function normalizeAppearance<E extends AppearanceEntryInput>(entries: readonly E[]): (E & { materialIndexDirection: Direction[] })[] {
  return entries.map((entry) => {
    const dirs = [...new Set(entry.materialIndexDirection ?? [])];
    return { ...entry, materialIndexDirection: dirs.includes(ALL_DIRECTIONS) ? [ALL_DIRECTIONS] : dirs };
  });
}

// --- Textures of the entries (ADR 0064) ---

/** Where a material (or a texture) belongs: personal (no team), a team's, or a team's project's. */
export interface AppearanceScope {
  teamId: string | null;
  projectId: string | null;
}

/**
 * Whether a texture the caller can see may paint a material of `scope`: a community (public) texture, or one of the
 * material's own scope (what the editor's grid offers, spec 002 §2). A personal texture the caller sees is their own.
 */
export function textureUsableIn(texture: AppearanceScope & { public: boolean }, scope: AppearanceScope): boolean {
  return texture.public || ((texture.teamId ?? null) === (scope.teamId ?? null) && (texture.projectId ?? null) === (scope.projectId ?? null));
}

/**
 * The texture ids an appearance names that the one before did not (any mode: an entry keeps its texture while in
 * colour): only these are checked on a save, so a texture deleted later never blocks the material's other changes.
 */
export function newTextureIds(before: readonly Pick<AppearanceEntryInput, 'textureId'>[], after: readonly Pick<AppearanceEntryInput, 'textureId'>[]): string[] {
  const known = new Set(before.map((e) => e.textureId).filter((id): id is string => Boolean(id)));
  return [...new Set(after.map((e) => e.textureId).filter((id): id is string => Boolean(id) && !known.has(id!)))];
}

/** The field errors of entries naming a refused texture (`appearance.N.textureId`, the sentence above). */
export function unavailableTextureErrors(
  entries: readonly Pick<AppearanceEntryInput, 'textureId'>[],
  refused: ReadonlySet<string>,
  prefix = 'appearance',
): FieldError[] {
  return entries.flatMap((e, i) =>
    e.textureId && refused.has(e.textureId) ? [{ path: `${prefix}.${i}.textureId`, message: APPEARANCE_MESSAGES.textureUnavailable }] : [],
  );
}

// --- The editor's type rules (spec 002 §4) ---

export const APPEARANCE_TYPES = ['mono', 'two-toned', 'custom'] as const;
export type AppearanceType = (typeof APPEARANCE_TYPES)[number];

/** The dropdown's labels, and each type's entry tabs with the directions a new entry starts with. */
export const APPEARANCE_TYPE_LABELS: Record<AppearanceType, string> = { mono: 'Mono Texture', 'two-toned': 'Two-toned', custom: 'Custom' };
export const APPEARANCE_TYPE_ENTRIES: Record<AppearanceType, readonly { label: string; directions: readonly Direction[] }[]> = {
  mono: [{ label: 'Mono Texture', directions: [ALL_DIRECTIONS] }],
  'two-toned': [
    { label: 'Main faces', directions: ['Z+', 'Z-'] },
    { label: 'Sides', directions: ['X+', 'X-', 'Y+', 'Y-'] },
  ],
  custom: [
    { label: 'Top face', directions: ['Z+'] },
    { label: 'Bottom face', directions: ['Z-'] },
    { label: 'Sides', directions: ['X+', 'X-', 'Y+', 'Y-'] },
  ],
};

/** The type shown for a list of entries: 0–1 mono, 2 two-toned, otherwise custom. */
export function appearanceTypeOf(entries: readonly unknown[]): AppearanceType {
  if (entries.length <= 1) return 'mono';
  return entries.length === 2 ? 'two-toned' : 'custom';
}

/** How many entries a type has: 1, 2 or 3. */
export function entryCountOf(type: AppearanceType): 1 | 2 | 3 {
  return APPEARANCE_TYPE_ENTRIES[type].length as 1 | 2 | 3;
}

export interface EditorAppearanceEntry {
  mode: 'texture' | 'color';
  textureId: string | null;
  texture: null | { id: string; name: string; preview: string | null };
  color: AppearanceColor | null;
  materialIndexDirection: Direction[];
}

/** A fresh entry: texture mode, nothing chosen yet. */
export function emptyAppearanceEntry(directions: readonly Direction[] = [ALL_DIRECTIONS], mode: 'texture' | 'color' = 'texture'): EditorAppearanceEntry {
  return { mode, textureId: null, texture: null, color: null, materialIndexDirection: [...directions] };
}

/** The entries for a type: the editor starts with these (an empty list shows as one mono entry). */
export function entriesForType(type: AppearanceType): EditorAppearanceEntry[] {
  return APPEARANCE_TYPE_ENTRIES[type].map((e) => emptyAppearanceEntry(e.directions));
}

/**
 * Switching the type: the new type's entries, every texture, textureId and colour reset (spec 002 §4).
 * The current entries' modes are kept position by position so a colour-minded seller stays in colour.
 */
export function switchAppearanceType(entries: readonly Pick<AppearanceEntryInput, 'mode'>[], type: AppearanceType): EditorAppearanceEntry[] {
  return entriesForType(type).map((entry, i) => ({ ...entry, mode: entries[i]?.mode ?? entries[0]?.mode ?? 'texture' }));
}

/** An entry switched to another mode (its texture and colour are kept, so switching back restores them). */
export function setEntryMode<E extends AppearanceEntryInput>(entry: E, mode: 'texture' | 'color'): E {
  return { ...entry, mode };
}

/** The tab labels of a list of entries. */
export function entryLabels(entries: readonly unknown[]): string[] {
  const type = appearanceTypeOf(entries);
  return APPEARANCE_TYPE_ENTRIES[type].slice(0, Math.max(1, entries.length)).map((e) => e.label);
}

/** Slider values clamp to 0–1 (spec 002 §5), non-numbers to 0. */
export function clampUnit(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value));
}
