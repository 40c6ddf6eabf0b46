/**
 * A module of its own: the web app's breadcrumbs (in the first load) import these texts, and a bundler puts a
 * whole shared module in the first chunk that imports from it; the rest of texture.constants (TEXTURE_TEXTS too)
 * stays lazy.
 */
/** The title of the community textures: the section, the Add menu's entry, the browser (spec 001 §2). */
export const TEXTURE_COMMUNITY_TITLE = 'Community textures';
