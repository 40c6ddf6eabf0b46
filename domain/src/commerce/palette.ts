/**
 * The material palette (spec 002 §3): named colours in shade families of 8 ("Red 1" … "Red 8"), 1 the
 * lightest and 8 the darkest. Each family has one base colour (its shade 5); the other shades mix it
 * with white (1–4) or black (6–8) in equal steps, so the list is fixed and the same wherever it is built.
 */
export const PALETTE_FAMILIES = [
  { family: 'Red', base: '#E53935' },
  { family: 'Deep red', base: '#B71C1C' },
  { family: 'Pale red', base: '#E57373' },
  { family: 'Bright red', base: '#FF1744' },
  { family: 'Magenta', base: '#D6008F' },
  { family: 'Pink', base: '#EC407A' },
  { family: 'Bright pink', base: '#FF4081' },
  { family: 'Dark pink', base: '#AD1457' },
  { family: 'Pale violet', base: '#CE93D8' },
  { family: 'Violet', base: '#8E24AA' },
  { family: 'Pale purple', base: '#B39DDB' },
  { family: 'Purple', base: '#5E35B1' },
  { family: 'Pale indigo', base: '#9FA8DA' },
  { family: 'Deep blue', base: '#1A237E' },
  { family: 'Bright blue', base: '#2979FF' },
  { family: 'Pale blue', base: '#90CAF9' },
  { family: 'Sky blue', base: '#29B6F6' },
  { family: 'Light blue', base: '#81D4FA' },
  { family: 'Green', base: '#43A047' },
  { family: 'Bright green', base: '#00E676' },
  { family: 'Yellow', base: '#FDD835' },
  { family: 'Bright orange', base: '#FF9100' },
  { family: 'Deep orange', base: '#F4511E' },
  { family: 'Tomato', base: '#FF6347' },
  { family: 'Brown', base: '#6D4C41' },
  { family: 'Blue gray', base: '#546E7A' },
] as const;

export const PALETTE_SHADES = 8;
export type PaletteFamily = (typeof PALETTE_FAMILIES)[number]['family'];

export interface PaletteColor {
  /** "Red 3" */
  name: string;
  family: PaletteFamily;
  /** 1 (lightest) to 8 (darkest); 5 is the family's base colour. */
  shade: number;
  /** "#RRGGBB", upper case. */
  hex: string;
}

const BASE_SHADE = 5;

function mix(hex: string, toward: number, amount: number): string {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const mixed = channels.map((c) => Math.round(c + (toward - c) * amount));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

function shadeOf(base: string, shade: number): string {
  if (shade < BASE_SHADE) return mix(base, 255, (BASE_SHADE - shade) / BASE_SHADE);
  if (shade > BASE_SHADE) return mix(base, 0, (shade - BASE_SHADE) / (PALETTE_SHADES - BASE_SHADE + 1));
  return base.toUpperCase();
}

/** The whole palette, family by family, shades 1 to 8. */
export const PALETTE: readonly PaletteColor[] = PALETTE_FAMILIES.flatMap(({ family, base }) =>
  Array.from({ length: PALETTE_SHADES }, (_, i) => ({ name: `${family} ${i + 1}`, family, shade: i + 1, hex: shadeOf(base, i + 1) })),
);

/** The palette colour with this hex (any case), if it is one. */
export function paletteColorOf(hex: string): PaletteColor | undefined {
  const wanted = hex.toUpperCase();
  return PALETTE.find((c) => c.hex === wanted);
}
