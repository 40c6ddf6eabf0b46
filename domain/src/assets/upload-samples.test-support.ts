/**
 * Small real files of every upload kind, made here (ADR 0050): the unit tests of content recognition and
 * the medium tests of POST /api/upload use the same bytes.
 */
const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** CRC-32 (IEEE), as PNG chunks carry it. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zlib stream of one stored (uncompressed) block, as PNG's IDAT takes it. */
function zlibStored(data: Buffer): Buffer {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const block = Buffer.alloc(5);
  block[0] = 1;
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([Buffer.from([0x78, 0x01]), block, data, u32be(((b << 16) | a) >>> 0)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32be(data.length), body, u32be(crc32(body))]);
}

/** A 1×1 red PNG. */
export function png(): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const pixels = zlibStored(Buffer.from([0, 255, 0, 0]));
  return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), pngChunk('IHDR', ihdr), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A 1×1 baseline JPEG (the smallest that decoders take). */
export const jpeg = () =>
  Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP' +
      '//////////////////////////////////////////////////////////////////////////////////////' +
      'wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );
/** A 1×1 lossless WebP. */
export const webp = () => Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
/** A 1×1 transparent GIF. */
export const gif = () => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** An OpenType file's table directory (`sfnt` version, then no table): enough to tell TrueType from CFF. */
const sfnt = (version: string) => Buffer.concat([Buffer.from(version, 'latin1'), Buffer.alloc(8)]);
export const ttf = () => sfnt('\x00\x01\x00\x00');
export const otf = () => sfnt('OTTO');

export const svg = () =>
  Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<!-- a square -->\n' +
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>\n',
  );
export const dxf = () =>
  Buffer.from(
    [
      '999',
      'made by a test',
      '0',
      'SECTION',
      '2',
      'ENTITIES',
      '0',
      'LINE',
      '8',
      '0',
      '10',
      '0',
      '20',
      '0',
      '11',
      '10',
      '21',
      '10',
      '0',
      'ENDSEC',
      '0',
      'EOF',
      '',
    ].join('\n'),
  );

/** A binary glTF holding one empty scene. */
export function glb(): Buffer {
  let json = Buffer.from(JSON.stringify({ asset: { version: '2.0' }, scenes: [{ nodes: [] }], scene: 0 }));
  json = Buffer.concat([json, Buffer.alloc((4 - (json.length % 4)) % 4, 0x20)]);
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + json.length, 8);
  const chunk = Buffer.alloc(8);
  chunk.writeUInt32LE(json.length, 0);
  chunk.write('JSON', 4, 'latin1');
  return Buffer.concat([header, chunk, json]);
}

export const obj = () => Buffer.from('# a triangle\no triangle\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 1\nf 1//1 2//1 3//1\n');
export const asciiStl = () =>
  Buffer.from(
    'solid triangle\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 0\n   vertex 0 1 0\n  endloop\n endfacet\nendsolid triangle\n',
  );

/** One triangle; the header starts with "solid", as some exporters write it, and the size still tells it is binary. */
export function binaryStl(): Buffer {
  const file = Buffer.alloc(84 + 50);
  file.write('solid made by a test', 0, 'latin1');
  file.writeUInt32LE(1, 80);
  [0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0].forEach((v, i) => file.writeFloatLE(v, 84 + i * 4));
  return file;
}

/** The main chunk, holding the version chunk (3) and an empty editor chunk. */
export function threeDs(): Buffer {
  const version = Buffer.alloc(10);
  version.writeUInt16LE(0x0002, 0);
  version.writeUInt32LE(10, 2);
  version.writeUInt32LE(3, 6);
  const editor = Buffer.alloc(6);
  editor.writeUInt16LE(0x3d3d, 0);
  editor.writeUInt32LE(6, 2);
  const main = Buffer.alloc(6);
  main.writeUInt16LE(0x4d4d, 0);
  main.writeUInt32LE(6 + version.length + editor.length, 2);
  return Buffer.concat([main, version, editor]);
}

/** An openNURBS file's 32-byte header (version 7) and its first chunk's typecode. */
export const threeDm = () =>
  Buffer.concat([Buffer.from('3D Geometry File Format        7', 'latin1'), Buffer.from([0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00])]);

export const step = () =>
  Buffer.from(
    [
      'ISO-10303-21;',
      'HEADER;',
      "FILE_DESCRIPTION(('a point'),'2;1');",
      "FILE_NAME('point.step','2026-11-26T00:00:00',(''),(''),'','','');",
      "FILE_SCHEMA(('AUTOMOTIVE_DESIGN'));",
      'ENDSEC;',
      'DATA;',
      "#1=CARTESIAN_POINT('',(0.,0.,0.));",
      'ENDSEC;',
      'END-ISO-10303-21;',
      '',
    ].join('\n'),
  );

const igesLine = (text: string, section: string, n: number) => `${text.padEnd(72)}${section}${String(n).padStart(7)}`;
export const iges = () =>
  Buffer.from(
    [
      igesLine('a point, made by a test', 'S', 1),
      igesLine('1H,,1H;,4Hpart,9Hpart.iges,4Htest,4Htest,32,38,6,308,15,4Hpart,1.,2,2HMM,1,1.,', 'G', 1),
      igesLine('15H20261126.000000,0.001,10.,4Htest,4Htest,11,0;', 'G', 2),
      igesLine('     116       1       0       0       0       0       0       000000000', 'D', 1),
      igesLine('     116       0       0       1       0                               0', 'D', 2),
      igesLine('116,0.,0.,0.;                                                  1', 'P', 1),
      igesLine('S      1G      2D      2P      1', 'T', 1),
      '',
    ].join('\n'),
  );

/** A zip with nothing in it (its end record alone). */
export const zip = () => Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);

/** One real small file for each extension of each library kind. */
export const SAMPLES: Record<string, () => Buffer> = {
  otf,
  ttf,
  svg,
  dxf,
  png,
  jpeg,
  jpg: jpeg,
  webp,
  gif,
  glb,
  obj,
  stl: asciiStl,
  '3ds': threeDs,
  '3dm': threeDm,
  step,
  stp: step,
  iges,
  igs: iges,
};
