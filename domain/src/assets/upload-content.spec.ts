import { acceptedExtensions, MEDIA_MESSAGES, UPLOAD_KIND_RULES, UPLOAD_KINDS } from '@kiln/contracts';
import { checkUploadContent, recogniseContent, SNIFF_BYTES } from './upload-content';
import * as samples from './upload-samples.test-support';

const kindOf = (extension: string) => UPLOAD_KINDS.find((k) => UPLOAD_KIND_RULES[k].extensions?.[extension])!;
const check = (filename: string, bytes: Buffer) => {
  const kind = kindOf(filename.split('.').pop()!.toLowerCase());
  return checkUploadContent(kind, filename, bytes.subarray(0, SNIFF_BYTES), bytes.length);
};

describe('upload kinds and their content, told by the bytes (ADR 0050)', () => {
  it('has the limits and extensions of spec 001 §8', () => {
    const MB = 1024 * 1024;
    expect(UPLOAD_KIND_RULES.font).toMatchObject({ maxBytes: 3 * MB });
    expect(Object.keys(UPLOAD_KIND_RULES.font.extensions!)).toEqual(['otf', 'ttf']);
    expect(UPLOAD_KIND_RULES.vector).toMatchObject({ maxBytes: 3 * MB });
    expect(Object.keys(UPLOAD_KIND_RULES.vector.extensions!)).toEqual(['svg', 'dxf']);
    expect(UPLOAD_KIND_RULES.image).toMatchObject({ maxBytes: 10 * MB, addButtonMaxBytes: 3 * MB });
    expect(Object.keys(UPLOAD_KIND_RULES.image.extensions!)).toEqual(['png', 'jpeg', 'jpg', 'webp', 'gif']);
    expect(UPLOAD_KIND_RULES.object3d).toMatchObject({ maxBytes: 200 * MB });
    expect(Object.keys(UPLOAD_KIND_RULES.object3d.extensions!)).toEqual(['glb', 'obj', 'stl', '3ds', '3dm', 'step', 'stp', 'iges', 'igs']);
    expect(UPLOAD_KIND_RULES.plugin.extensions).toBeNull();
    expect(UPLOAD_KIND_RULES.media.extensions).toBeNull();
  });

  it.each(Object.entries(samples.SAMPLES))('takes a real .%s', (extension, make) => {
    expect(check(`sample.${extension.toUpperCase()}`, make())).toMatchObject({ ok: true });
  });

  it('takes a binary STL, even one whose header says "solid"', () => {
    expect(check('part.stl', samples.binaryStl())).toEqual({ ok: true, format: 'stl' });
    expect(recogniseContent(samples.binaryStl())).toContain('stl');
  });

  it.each([
    ['photo.png', samples.jpeg()],
    ['photo.png', Buffer.from('<html>not an image</html>')],
    ['photo.jpg', samples.png()],
    ['anim.gif', samples.webp()],
    ['font.ttf', samples.zip()],
    ['font.otf', Buffer.from('OTT')],
    ['drawing.svg', Buffer.from('<html><svg></svg></html>')],
    ['drawing.svg', Buffer.from('<?xml version="1.0"?><note>svg</note>')],
    ['drawing.dxf', Buffer.from('SECTION\n0\nENTITIES\n')],
    ['part.step', Buffer.from('ISO-10303-28;\nHEADER;')],
    ['part.iges', Buffer.from('a point'.padEnd(72) + 'G      1\n')],
    ['part.obj', Buffer.from('<script>alert(1)</script>\nv 0 0 0\n')],
    ['part.obj', samples.png()],
    ['part.stl', Buffer.from('solid but nothing else')],
    ['part.stl', samples.binaryStl().subarray(0, 120)],
    ['part.glb', samples.glb().subarray(0, 20)],
    ['part.glb', samples.png()],
    ['part.3ds', samples.threeDs().subarray(0, 12)],
    ['part.3dm', Buffer.from('3D Geometry')],
  ])('refuses %s whose bytes are not what the name says (415)', (filename, bytes) => {
    expect(check(filename, bytes)).toEqual({
      ok: false,
      statusCode: 415,
      message: MEDIA_MESSAGES.notWhatItSays(filename, filename.split('.').pop()!),
    });
  });

  it('refuses an extension the kind does not take, whatever the bytes (415)', () => {
    expect(checkUploadContent('image', 'photo.bmp', samples.png(), samples.png().length)).toEqual({
      ok: false,
      statusCode: 415,
      message: 'Only .png, .jpeg, .jpg, .webp, .gif files can be uploaded as images.',
    });
    expect(checkUploadContent('font', 'font', samples.ttf(), 12)).toMatchObject({ ok: false, statusCode: 415 });
    expect(checkUploadContent('vector', 'a.png', samples.png(), 60)).toMatchObject({ ok: false });
  });

  it('gives a file input the extensions of its kind', () => {
    expect(acceptedExtensions('font')).toBe('.otf,.ttf');
    expect(acceptedExtensions('object3d')).toBe('.glb,.obj,.stl,.3ds,.3dm,.step,.stp,.iges,.igs');
    expect(acceptedExtensions('media')).toBe('');
  });

  it('takes anything for plugin and media (their own checks stay where they were)', () => {
    expect(checkUploadContent('media', 'notes.txt', Buffer.from('hello'), 5)).toEqual({ ok: true, format: null });
    expect(checkUploadContent('plugin', 'gears.zip', samples.zip(), 22)).toEqual({ ok: true, format: null });
  });

  it('judges a head while the file still streams, and the length-stating formats once the size is known', () => {
    const stl = samples.binaryStl();
    const big = Buffer.concat([stl, Buffer.alloc(SNIFF_BYTES)]);
    // Plausible from the first bytes alone, refused when the size does not match the triangle count.
    expect(checkUploadContent('object3d', 'a.stl', big.subarray(0, SNIFF_BYTES))).toMatchObject({ ok: true });
    expect(checkUploadContent('object3d', 'a.stl', big.subarray(0, SNIFF_BYTES), big.length)).toMatchObject({ ok: false });
    const obj = Buffer.from('v 0 0 0\n'.repeat(2000));
    expect(checkUploadContent('object3d', 'a.obj', obj.subarray(0, SNIFF_BYTES))).toMatchObject({ ok: true });
  });
});
