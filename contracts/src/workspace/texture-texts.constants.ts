/**
 * A module of its own: the web app's breadcrumbs (in the first load) import these texts, and a bundler puts a
 * whole shared module in the first chunk that imports from it; the rest of texture.constants stays lazy.
 */
/** The title of the community textures: the section, the Add menu's entry, the browser (spec 001 §2). */
export const TEXTURE_COMMUNITY_TITLE = 'Community textures';

/** The spec's texts of the texture screens (spec 001 §2, §5). */
export const TEXTURE_TEXTS = {
  communitySection: TEXTURE_COMMUNITY_TITLE,
  uploadedSection: 'Uploaded',
  addCommunity: TEXTURE_COMMUNITY_TITLE,
  createNew: 'Create new',
  remove: 'Remove',
} as const;
