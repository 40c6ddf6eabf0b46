import { ContentFormat, extensionOf, UPLOAD_CONTENT_MESSAGES, UPLOAD_KIND_RULES, UploadKind } from '@kiln/contracts/constants';

/**
 * What a file is, told by its bytes and never by its name (ADR 0050). Every check reads at most the first
 * `SNIFF_BYTES` of the file, so the BFF can refuse a file while it streams; the few formats whose header
 * states the file's length (binary STL, GLB, 3DS) are checked against the size once it is known.
 */
export const SNIFF_BYTES = 8192;

const ascii = (bytes: Uint8Array, from: number, text: string) => {
  if (bytes.length < from + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[from + i] !== text.charCodeAt(i)) return false;
  return true;
};
const u32le = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) + b[at + 3]! * 0x1000000;

/** The head as text, when it is text: no NUL byte, valid UTF-8 (a character cut at the end of the head is fine); BOM removed. */
function asText(head: Uint8Array): string | null {
  if (head.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return null;
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A whole size known: what the length in the header must match. `undefined`: still streaming, so plausible. */
type Size = number | undefined;

const binary: Record<string, (head: Uint8Array, size: Size) => boolean> = {
  png: (h) => ascii(h, 0, '\x89PNG\r\n\x1a\n'),
  jpeg: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  gif: (h) => ascii(h, 0, 'GIF87a') || ascii(h, 0, 'GIF89a'),
  webp: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP'),
  zip: (h) => ascii(h, 0, 'PK\x03\x04') || ascii(h, 0, 'PK\x05\x06'),
  ttf: (h) => ascii(h, 0, '\x00\x01\x00\x00') || ascii(h, 0, 'true'),
  otf: (h) => ascii(h, 0, 'OTTO'),
  // OpenEXR: magic 76 2f 31 01, then version 2 in the low byte of the version field (ADR 0061).
  exr: (h) => h[0] === 0x76 && h[1] === 0x2f && h[2] === 0x31 && h[3] === 0x01 && (h.length < 5 || h[4] === 2),
  // binary glTF: magic, version 2, then the whole file's length.
  glb: (h, size) => ascii(h, 0, 'glTF') && h.length >= 12 && u32le(h, 4) === 2 && (size === undefined || u32le(h, 8) === size),
  '3dm': (h) => ascii(h, 0, '3D Geometry File Format '),
  // The main chunk 0x4D4D, whose length is the file's (no longer than the file: a cut file is refused).
  '3ds': (h, size) => h[0] === 0x4d && h[1] === 0x4d && h.length >= 6 && u32le(h, 2) >= 6 && (size === undefined || u32le(h, 2) === size),
  // An 80-byte header, a triangle count, 50 bytes a triangle: the size tells it (the header may even say "solid").
  binaryStl: (h, size) => h.length >= 84 && (size === undefined ? true : size === 84 + 50 * u32le(h, 80)),
};

const OBJ_KEYWORDS =
  'v|vt|vn|vp|f|l|p|o|g|s|mtllib|usemtl|cstype|deg|bmat|step|curv|curv2|surf|parm|trim|hole|scrv|sp|end|con|mg|lod|maplib|usemap|' +
  'bevel|c_interp|d_interp|shadow_obj|trace_obj|ctech|stech';
/** A line of a Wavefront OBJ: blank, a comment, or a statement that starts with one of its keywords. */
const OBJ_LINE = new RegExp(`^\\s*(#.*|(${OBJ_KEYWORDS})(\\s.*)?)?$`);

const text: Record<string, (t: string, complete: boolean) => boolean> = {
  // XML whose root element is <svg>: an XML declaration, comments, processing instructions and a doctype may come first.
  svg: (t) => /^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE\s+svg[^[>]*(\[[\s\S]*?\])?\s*>)\s*)*<svg[\s>/]/.test(t),
  // Group code 0 then SECTION (comments, group code 999, may come first).
  dxf: (t) => /^\s*(999\r?\n.*\r?\n\s*)*0\r?\nSECTION\r?\n/.test(t),
  step: (t) => /^\s*ISO-10303-21;/.test(t),
  // 80-column records; the first is of the Start section (column 73 is S).
  iges: (t) => {
    const first = t.split(/\r?\n/, 1)[0]!;
    return first.length >= 73 && first[72] === 'S' && /^\s*\d+$/.test(first.slice(73, 80));
  },
  asciiStl: (t) => /^\s*solid(\s|$)/.test(t) && /\b(facet|endsolid)\b/.test(t),
  obj: (t, complete) => {
    const lines = t.split(/\r?\n/);
    // The last line of a head may be cut short.
    if (!complete) lines.pop();
    return lines.some((l) => /^\s*(v|f|o|g)\s/.test(l)) && lines.every((l) => OBJ_LINE.test(l));
  },
};

/**
 * The formats the bytes are, among those a kind allows. `size`: the whole file's, once known (a file no
 * longer than its head is known whole).
 */
export function recogniseContent(head: Uint8Array, size?: number): ContentFormat[] {
  const whole = size ?? (head.length < SNIFF_BYTES ? head.length : undefined);
  const found: ContentFormat[] = [];
  for (const format of ['png', 'jpeg', 'gif', 'webp', 'zip', 'ttf', 'otf', 'glb', '3dm', '3ds', 'exr'] as const) {
    if (binary[format]!(head, whole)) found.push(format);
  }
  const asString = asText(head.subarray(0, SNIFF_BYTES));
  if (asString !== null) {
    const complete = whole !== undefined && whole <= head.length;
    for (const format of ['svg', 'dxf', 'step', 'iges', 'obj'] as const) if (text[format]!(asString, complete)) found.push(format);
    if (text.asciiStl!(asString, complete)) found.push('stl');
  }
  if (!found.includes('stl') && binary.binaryStl!(head, whole)) found.push('stl');
  return found;
}

export type UploadContentCheck = { ok: true; format: ContentFormat | null } | { ok: false; statusCode: 415; message: string };

/**
 * May this file go into this kind's library? Its extension must be one of the kind's, and its bytes the
 * format that extension names (415 with a sentence otherwise). Kinds without extensions (plugin, media)
 * take any file here (a plugin's zip is checked by the assets service, ADR 0033).
 */
export function checkUploadContent(kind: UploadKind, filename: string, head: Uint8Array, size?: number): UploadContentCheck {
  const { extensions, label } = UPLOAD_KIND_RULES[kind];
  if (!extensions) return { ok: true, format: null };
  const extension = extensionOf(filename);
  const expected = Object.hasOwn(extensions, extension) ? extensions[extension]! : null;
  if (!expected) return { ok: false, statusCode: 415, message: UPLOAD_CONTENT_MESSAGES.notAllowed(label, Object.keys(extensions)) };
  const format = recogniseContent(head, size).find((f) => expected.includes(f));
  return format ? { ok: true, format } : { ok: false, statusCode: 415, message: UPLOAD_CONTENT_MESSAGES.notWhatItSays(filename, extension) };
}
