/**
 * Plain values of scenes (environment maps; spec 001 §2–§9; ADR 0061), without zod (see
 * `@kiln/contracts/constants`); environment-map.ts re-exports them.
 */

/** Scenes are listed 20 at a time (spec 001 §9). */
export const ENVIRONMENT_MAP_PAGE_SIZE = 20;
/** The environment image is an .exr (spec 001 §5); the preview png, jpeg, jpg, webp. */
export const ENVIRONMENT_MAP_EXTENSIONS = ['exr'] as const;
export const ENVIRONMENT_PREVIEW_EXTENSIONS = ['png', 'jpeg', 'jpg', 'webp'] as const;
/** The shapes a scene is previewed on (spec 001 §5). */
export const PREVIEW_GEOMETRIES = ['sphere', 'box', 'plane'] as const;
export type PreviewGeometry = (typeof PREVIEW_GEOMETRIES)[number];
export const DEFAULT_PREVIEW_GEOMETRY: PreviewGeometry = 'sphere';

/** The live channel (ADR 0061). */
export const ENVIRONMENT_MAP_CHANNEL = 'workspace-environment-map';

/** The spec's texts of the scene screens (spec 001 §2). */
export const ENVIRONMENT_MAP_TEXTS = {
  newScene: 'New Scene',
  empty: 'You don’t have environment map',
  private: 'Private',
  public: 'Public',
} as const;

/** The spec's sentences (spec 001 §5) and the service's own about scenes (ADR 0061). */
export const ENVIRONMENT_MAP_MESSAGES = {
  nameRequired: 'Scene name is required',
  // Under 3 characters: 'The name must be longer than 3 characters.', the models' sentence (domain MODEL_NAME_MESSAGES.tooShort).
  notFound: 'Scene not found.',
  envMapRequired: 'Choose an .exr environment image.',
} as const;
