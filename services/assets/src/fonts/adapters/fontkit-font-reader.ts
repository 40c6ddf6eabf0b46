import { Injectable } from '@nestjs/common';
import type * as Fontkit from 'fontkit';
import { FontFileFacts, FontReader } from '../ports/font-reader.port';

interface FontkitFont {
  type?: string;
  familyName?: string | null;
  subfamilyName?: string | null;
  italicAngle?: number;
  numGlyphs?: number;
  getName?(key: string, lang?: string): string | null;
  'OS/2'?: { usWeightClass?: number; sFamilyClass?: number; panose?: number[]; fsSelection?: { italic?: boolean } };
  post?: { isFixedPitch?: number | boolean };
}

/** Whether every table the sfnt directory lists lies inside the file: a font cut short (whose first tables may still read) is not whole. */
export function sfntTablesInside(bytes: Buffer): boolean {
  if (bytes.length < 12) return false;
  const tables = bytes.readUInt16BE(4);
  if (tables === 0 || 12 + tables * 16 > bytes.length) return false;
  for (let i = 0; i < tables; i++) {
    const offset = bytes.readUInt32BE(12 + i * 16 + 8);
    const length = bytes.readUInt32BE(12 + i * 16 + 12);
    if (offset + length > bytes.length) return false;
  }
  return true;
}

/**
 * fontkit (ADR 0055): the typographic family and subfamily (name IDs 16 and 17) when the file has them,
 * otherwise IDs 1 and 2; the weight class and italic bit of OS/2. A collection (ttc, dfont) or anything
 * fontkit cannot parse is not a font here.
 */
@Injectable()
export class FontkitFontReader implements FontReader {
  private fontkit?: typeof Fontkit;

  read(bytes: Buffer): FontFileFacts | null {
    // Uploads are otf and ttf (ADR 0050): a bare sfnt whose tables are all there.
    if (!sfntTablesInside(bytes)) return null;
    // Loaded at the first font: fontkit (with its brotli and Unicode tables) costs an idle service ~20 MiB (ADR 0016).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    this.fontkit ??= require('fontkit') as typeof Fontkit;
    let font: FontkitFont;
    try {
      font = this.fontkit.create(bytes) as unknown as FontkitFont;
    } catch {
      return null;
    }
    if (!font || typeof font.getName !== 'function' || 'fonts' in font) return null;
    try {
      const name = (key: string) => (font.getName!(key) ?? '').replace(/\s+/g, ' ').trim();
      const family = name('preferredFamily') || (font.familyName ?? '').trim();
      if (!family) return null;
      const style = name('preferredSubfamily') || (font.subfamilyName ?? '').trim() || 'Regular';
      const os2 = font['OS/2'];
      const italic = Boolean(os2?.fsSelection?.italic) || (font.italicAngle ?? 0) !== 0 || /italic|oblique/i.test(style);
      return {
        family,
        style,
        weight: os2?.usWeightClass && os2.usWeightClass >= 1 && os2.usWeightClass <= 1000 ? os2.usWeightClass : 400,
        italic,
        familyClass: typeof os2?.sFamilyClass === 'number' ? os2.sFamilyClass : null,
        panose: Array.isArray(os2?.panose) ? os2.panose.map(Number) : null,
        fixedPitch: Boolean(font.post?.isFixedPitch),
        glyphCount: font.numGlyphs ?? 0,
      };
    } catch {
      // A table that fails to decode is a file we cannot read, not a crash.
      return null;
    }
  }
}
