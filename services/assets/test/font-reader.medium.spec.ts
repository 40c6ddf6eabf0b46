import { fontCategoryFromOs2 } from '@kiln/domain';
import { randomBytes } from 'node:crypto';
import { FontkitFontReader } from '../src/fonts/adapters/fontkit-font-reader';
import { fontFile } from '../../workspace/test/support/font-files';
import * as samples from '../../../domain/src/assets/upload-samples.test-support';

/**
 * The font reader of the assets service (ADR 0055) on real files made here with opentype.js, and on hostile
 * bytes: a font's family, style, weight, italic bit and OS/2 class come from the file; anything fontkit cannot
 * read is "not a font" (null), never a crash.
 */
describe('FontkitFontReader', () => {
  const reader = new FontkitFontReader();

  it('reads family, style, weight, italic and the OS/2 class from the file', () => {
    const facts = reader.read(fontFile({ family: 'Reader Test', style: 'Semibold Italic', weight: 600, italic: true, familyClass: (10 << 8) | 1 }));
    expect(facts).toMatchObject({ family: 'Reader Test', style: 'Semibold Italic', weight: 600, italic: true, familyClass: (10 << 8) | 1, fixedPitch: false });
    expect(facts!.glyphCount).toBeGreaterThan(100);
    expect(fontCategoryFromOs2(facts!)).toBe('handwriting');
  });

  it('refuses bytes that are not a font it can read: empty, random, a bare sfnt header, a font cut short, a PNG', () => {
    const whole = fontFile({ family: 'Cut Short' });
    for (const [what, bytes] of [
      ['empty', Buffer.alloc(0)],
      ['random', randomBytes(4096)],
      ['bare sfnt header', samples.ttf()],
      ['cut short', whole.subarray(0, Math.floor(whole.length / 3))],
      ['png', samples.png()],
    ] as const)
      expect([what, reader.read(bytes)]).toEqual([what, null]);
  });
});
