/**
 * The characters a font file maps to glyphs, read from its `cmap` table (formats 4 and 12, the ones OpenType
 * and TrueType fonts carry for Unicode), so the glyph viewer shows what the font has. Bounded: a damaged table
 * gives what could be read, never a hang (ADR 0055).
 */
const MAX_CODE_POINTS = 65_536;

export function fontCharacters(buffer: ArrayBuffer): number[] {
  const view = new DataView(buffer);
  const u16 = (at: number) => view.getUint16(at);
  const u32 = (at: number) => view.getUint32(at);
  const found = new Set<number>();
  try {
    const tables = u16(4);
    let cmap = -1;
    for (let i = 0; i < Math.min(tables, 256); i++) {
      const entry = 12 + i * 16;
      if (String.fromCharCode(view.getUint8(entry), view.getUint8(entry + 1), view.getUint8(entry + 2), view.getUint8(entry + 3)) === 'cmap')
        cmap = u32(entry + 8);
    }
    if (cmap < 0) return [];
    const subtables = u16(cmap + 2);
    // Prefer the full Unicode table (format 12), else the BMP one (format 4).
    let best = -1;
    let bestFormat = 0;
    for (let i = 0; i < Math.min(subtables, 64); i++) {
      const platform = u16(cmap + 4 + i * 8);
      const encoding = u16(cmap + 6 + i * 8);
      const offset = cmap + u32(cmap + 8 + i * 8);
      const format = u16(offset);
      const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
      if (unicode && (format === 12 || (format === 4 && bestFormat !== 12))) {
        best = offset;
        bestFormat = format;
      }
    }
    if (bestFormat === 4) {
      const segments = u16(best + 6) / 2;
      const ends = best + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const ranges = deltas + segments * 2;
      for (let s = 0; s < segments && found.size < MAX_CODE_POINTS; s++) {
        const end = u16(ends + s * 2);
        const start = u16(starts + s * 2);
        const delta = view.getInt16(deltas + s * 2);
        const rangeOffset = u16(ranges + s * 2);
        for (let c = start; c <= end && c !== 0xffff && found.size < MAX_CODE_POINTS; c++) {
          const glyph =
            rangeOffset === 0
              ? (c + delta) & 0xffff
              : (() => {
                  const at = ranges + s * 2 + rangeOffset + (c - start) * 2;
                  const g = u16(at);
                  return g === 0 ? 0 : (g + delta) & 0xffff;
                })();
          if (glyph !== 0) found.add(c);
        }
      }
    } else if (bestFormat === 12) {
      const groups = u32(best + 12);
      for (let g = 0; g < Math.min(groups, MAX_CODE_POINTS) && found.size < MAX_CODE_POINTS; g++) {
        const start = u32(best + 16 + g * 12);
        const end = Math.min(u32(best + 20 + g * 12), 0x10ffff);
        for (let c = start; c <= end && found.size < MAX_CODE_POINTS; c++) found.add(c);
      }
    }
  } catch {
    // Past the end of a damaged file: what was read is what there is.
  }
  // Controls are not shown as glyphs.
  return [...found].filter((c) => c > 0x20 && !(c >= 0x7f && c < 0xa0)).sort((a, b) => a - b);
}

/** "U+0041". */
export const codePointLabel = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
