/** The titles of the texture editor, also its breadcrumbs (web/src/shell/route-areas.ts): plain values, no imports. */
export const TEXTURE_SCREEN_TEXTS = {
  newTitle: 'New texture',
  editTitle: 'Edit texture',
} as const;
