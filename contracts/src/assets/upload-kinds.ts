/**
 * The kinds of upload (spec 001 §8 "Upload limits"; ADR 0050), defined once: the BFF, the assets service
 * and the web app read their extensions and limits here. How a file's content is recognised by its bytes
 * lives beside the rules, in `@kiln/domain` (assets/upload-content). Plain values, no zod: exported from
 * `@kiln/contracts/constants` too, for the domain and the web app's first load.
 */
const MB = 1024 * 1024;

export const UPLOAD_KINDS = ['plugin', 'media', 'font', 'vector', 'image', 'object3d', 'texture', 'exr'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** What a file may be once recognised by its bytes (see `recogniseContent` in the domain). */
export type ContentFormat =
  'zip' | 'otf' | 'ttf' | 'svg' | 'dxf' | 'png' | 'jpeg' | 'webp' | 'gif' | 'glb' | 'obj' | 'stl' | '3ds' | '3dm' | 'step' | 'iges' | 'exr';

export interface UploadKindRule {
  /** How people name the kind in a sentence ("fonts", "images"). */
  label: string;
  /** The extensions allowed (lower case, no dot) and the formats each may hold; null: any name and content. */
  extensions: Readonly<Record<string, readonly ContentFormat[]>> | null;
  /** The largest file the server takes (bytes), unless `KILN_UPLOAD_MAX_BYTES_<KIND>` says otherwise. */
  maxBytes: number;
  /** Images only: the smaller limit of the Add button (spec: 3 MB by the button, 10 MB by the dropzone). */
  addButtonMaxBytes?: number;
  /** Files one request may carry (each within `maxBytes`). */
  maxFiles: number;
}

const fonts = ['otf', 'ttf'] as const satisfies readonly ContentFormat[];

export const UPLOAD_KIND_RULES: Readonly<Record<UploadKind, UploadKindRule>> = {
  // Kept as they were (ADR 0033): a plugin's zip is checked by the assets service against its name and first bytes.
  plugin: { label: 'plugins', extensions: null, maxBytes: 50 * MB, maxFiles: 1 },
  media: { label: 'media', extensions: null, maxBytes: 3 * MB, maxFiles: 1 },
  // An .otf may hold TrueType outlines and a .ttf CFF ones: both are OpenType, told apart by the tables.
  font: { label: 'fonts', extensions: { otf: fonts, ttf: fonts }, maxBytes: 3 * MB, maxFiles: 20 },
  vector: { label: 'vector graphics', extensions: { svg: ['svg'], dxf: ['dxf'] }, maxBytes: 3 * MB, maxFiles: 20 },
  image: {
    label: 'images',
    extensions: { png: ['png'], jpeg: ['jpeg'], jpg: ['jpeg'], webp: ['webp'], gif: ['gif'] },
    maxBytes: 10 * MB,
    addButtonMaxBytes: 3 * MB,
    maxFiles: 20,
  },
  object3d: {
    label: '3D objects',
    extensions: {
      glb: ['glb'],
      obj: ['obj'],
      stl: ['stl'],
      '3ds': ['3ds'],
      '3dm': ['3dm'],
      step: ['step'],
      stp: ['step'],
      iges: ['iges'],
      igs: ['iges'],
    },
    maxBytes: 200 * MB,
    maxFiles: 5,
  },
  // Texture maps and previews, scene previews (spec 001 §5: png, jpeg, jpg, webp; ADR 0061): the images' 10 MB.
  texture: {
    label: 'texture images',
    extensions: { png: ['png'], jpeg: ['jpeg'], jpg: ['jpeg'], webp: ['webp'] },
    maxBytes: 10 * MB,
    maxFiles: 6,
  },
  // A scene's environment image (spec 001 §5: .exr; ADR 0061): 50 MB, ours (the spec names no limit).
  exr: { label: 'environment images', extensions: { exr: ['exr'] }, maxBytes: 50 * MB, maxFiles: 1 },
};

/** The extension of a file name, lower case without the dot ('' when it has none). */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

/** The accept attribute of a file input for a kind (".otf,.ttf"); '' when any file goes. */
export function acceptedExtensions(kind: UploadKind): string {
  const { extensions } = UPLOAD_KIND_RULES[kind];
  return extensions
    ? Object.keys(extensions)
        .map((e) => `.${e}`)
        .join(',')
    : '';
}

/** The sentences of a refused upload's content (415); part of MEDIA_MESSAGES. */
export const UPLOAD_CONTENT_MESSAGES = {
  /** The name's extension is not one of the kind's. */
  notAllowed: (label: string, extensions: readonly string[]) => `Only ${extensions.map((e) => `.${e}`).join(', ')} files can be uploaded as ${label}.`,
  /** The bytes are not what the name says (a `.png` that is not a PNG). */
  notWhatItSays: (filename: string, extension: string) => `“${filename}” is not a .${extension} file: its content is something else, or it is damaged.`,
} as const;
