import { TEXTURE_COMMUNITY_TITLE } from './texture-texts.constants';

/**
 * Plain values of textures and texture associations (spec 001 §2–§9; ADR 0061), without zod (see
 * `@kiln/contracts/constants`); texture.ts re-exports them.
 */

/** Textures are listed 20 at a time (spec 001 §9). */
export const TEXTURE_PAGE_SIZE = 20;
/** The preview image saved with a texture: 512×512, made on a sphere (spec 001 §9). */
export const TEXTURE_PREVIEW_SIZE = { width: 512, height: 512 } as const;

/** The six map slots of a texture (spec 001 §3), each the id of an uploaded image. */
export const TEXTURE_MAP_SLOTS = ['diffuseMap', 'displacementMap', 'normalMap', 'roughnessMap', 'aoMap', 'metallicMap'] as const;
export type TextureMapSlot = (typeof TEXTURE_MAP_SLOTS)[number];

/** A map accepts png, jpeg, jpg, webp (spec 001 §5). */
export const TEXTURE_MAP_EXTENSIONS = ['png', 'jpeg', 'jpg', 'webp'] as const;

/** Defaults of a new texture (spec 001 §5): repeat 1,1; center 0,0; offset 0,0; rotation 0. Width and height: ours (1 × 1; ADR 0061). */
export const TEXTURE_DEFAULTS = {
  offset: { x: 0, y: 0 },
  repeat: { x: 1, y: 1 },
  center: { x: 0, y: 0 },
  rotation: 0,
  width: 1,
  height: 1,
} as const;
/** Rotation in radians, 0 to 2π (spec 001 §3, §5). */
export const TEXTURE_ROTATION_MAX = 2 * Math.PI;
/** The largest offset, center, repeat, width or height we keep (ours: the spec bounds none; ADR 0061). */
export const TEXTURE_NUMBER_MAX = 10_000;

/** The live channels (ADR 0061). */
export const TEXTURE_CHANNEL = 'workspace-texture';
export const TEXTURE_ASSOCIATION_CHANNEL = 'workspace-texture-association';

export { TEXTURE_COMMUNITY_TITLE };

/** The spec's texts of the texture screens (spec 001 §2, §5). */
export const TEXTURE_TEXTS = {
  communitySection: TEXTURE_COMMUNITY_TITLE,
  uploadedSection: 'Uploaded',
  addCommunity: TEXTURE_COMMUNITY_TITLE,
  createNew: 'Create new',
  remove: 'Remove',
} as const;

/** The spec's sentences (spec 001 §5) and the service's own about textures (ADR 0061). */
export const TEXTURE_MESSAGES = {
  nameRequired: 'Texture name is required',
  nameTooShort: 'The name must be longer than 2 characters.',
  notFound: 'Texture not found.',
  associationNotFound: 'Texture association not found.',
  /** 409: the texture is already in this library. */
  alreadyAdded: 'This texture is already in this library.',
  /** Only a public texture of someone else can be added to a library. */
  notCommunity: 'Only a community texture can be added to a library.',
  noChange: 'You may not change the textures of this team.',
  notNegative: 'Must be at least 0.',
  rotationTooLarge: 'Rotation must be at most 2π.',
  tooLarge: `Must be at most ${TEXTURE_NUMBER_MAX}.`,
} as const;
