import { mediaLimit, UPLOAD_MAX_BYTES } from './media';
import { GOOGLE_FONT_FILE_MAX_BYTES } from '../workspace/font.constants';

describe('mediaLimit', () => {
  it('holds an uploaded font to 3 MB and a Google font to its own bound (spec 001 §5: Google fonts are exempt)', () => {
    expect(mediaLimit('font', 'upload', {})).toBe(3 * 1024 * 1024);
    expect(mediaLimit('font', 'google', {})).toBe(GOOGLE_FONT_FILE_MAX_BYTES);
    expect(GOOGLE_FONT_FILE_MAX_BYTES).toBeGreaterThan(UPLOAD_MAX_BYTES.font);
  });

  it('gives no other kind an exemption, whatever the origin says', () => {
    expect(mediaLimit('image', 'google', {})).toBe(UPLOAD_MAX_BYTES.image);
    expect(mediaLimit('font', 'upload', { KILN_UPLOAD_MAX_BYTES_FONT: '1000' })).toBe(1000);
  });
});
