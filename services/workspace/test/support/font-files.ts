/**
 * Real font files made by the tests (ADR 0055) with opentype.js: a CFF-flavoured OpenType (.otf) whose name
 * table says its family and style, OS/2 its weight class, italic bit and IBM family class. Each has
 * `glyphCount` drawn glyphs from U+0021 on, so the glyph viewer has pages to move through.
 */
interface OpentypeModule {
  Glyph: new (options: Record<string, unknown>) => unknown;
  Path: new () => { moveTo(x: number, y: number): void; lineTo(x: number, y: number): void; close(): void };
  Font: new (options: Record<string, unknown>) => { toArrayBuffer(): ArrayBuffer };
}
// opentype.js ships no types; only the three constructors above are used.
const opentype = require('opentype.js') as OpentypeModule;

export interface FontFileOptions {
  family: string;
  style?: string;
  weight?: number;
  italic?: boolean;
  /** OS/2 sFamilyClass: IBM class in the high byte (1 << 8: oldstyle serifs; 8 << 8: sans serif; 10 << 8: scripts). */
  familyClass?: number;
  glyphCount?: number;
}

export function fontFile(options: FontFileOptions): Buffer {
  const glyphs: unknown[] = [new opentype.Glyph({ name: '.notdef', unicode: 0, advanceWidth: 600, path: new opentype.Path() })];
  for (let i = 0; i < (options.glyphCount ?? 120); i++) {
    const path = new opentype.Path();
    // A different shape per glyph: a triangle whose apex moves.
    path.moveTo(80, 0);
    path.lineTo(520, 0);
    path.lineTo(80 + ((i * 37) % 440), 700);
    path.close();
    glyphs.push(new opentype.Glyph({ name: `g${i}`, unicode: 0x21 + i, advanceWidth: 600, path }));
  }
  const font = new opentype.Font({
    familyName: options.family,
    styleName: options.style ?? 'Regular',
    unitsPerEm: 1000,
    ascender: 800,
    descender: -200,
    glyphs,
    weightClass: options.weight ?? 400,
    italicAngle: options.italic ? -12 : 0,
    tables: { os2: { sFamilyClass: options.familyClass ?? 8 << 8 } },
  });
  return Buffer.from(font.toArrayBuffer());
}
