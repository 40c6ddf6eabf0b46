import { fontFile } from '../../../services/workspace/test/support/font-files';
import { codePointLabel, fontCharacters } from './font-charset';

const bufferOf = (bytes: Buffer) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

describe('fontCharacters (the glyph viewer, ADR 0055)', () => {
  it('reads the characters a real font maps, from its cmap, leaving out the controls', () => {
    // U+0021 to U+00B6: 150 characters, of which U+007F to U+009F (33) are controls.
    const chars = fontCharacters(bufferOf(fontFile({ family: 'Charset Test', glyphCount: 150 })));
    expect(chars).toHaveLength(117);
    expect(chars[0]).toBe(0x21);
    expect(chars.includes(0x80)).toBe(false);
    expect(chars[116]).toBe(0x21 + 149);
  });

  it('gives nothing, and does not throw, for bytes that are not a font or are cut short', () => {
    expect(fontCharacters(new ArrayBuffer(3))).toEqual([]);
    const whole = fontFile({ family: 'Cut' });
    expect(() => fontCharacters(bufferOf(whole.subarray(0, 200)))).not.toThrow();
  });

  it('labels code points as U+XXXX', () => {
    expect(codePointLabel(0x41)).toBe('U+0041');
    expect(codePointLabel(0x1f600)).toBe('U+1F600');
  });
});
