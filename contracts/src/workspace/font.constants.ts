/** Plain values of the font contracts, without zod (see `@kiln/contracts/constants`); fonts.ts re-exports them. */

/** Font families are listed 20 at a time; a full page means there may be more (spec 001 §9). */
export const FONT_PAGE_SIZE = 20;
/** A family card previews up to 4 of its styles (spec 001 §9). */
export const FONT_PREVIEW_STYLES = 4;
/** The glyph viewer shows 100 glyphs a page (spec 001 §9). */
export const FONT_GLYPHS_PER_PAGE = 100;
/** At most 5 Google fonts can be selected at once in the 'Available' list (spec 001 §5). */
export const GOOGLE_FONTS_MAX_SELECTED = 5;
/** Fonts acted on in one request (hide, show, remove, group). Ours: the spec names none (ADR 0055). */
export const FONT_BATCH_MAX = 100;
/** The longest family name we keep (ours, ADR 0055). */
export const FONT_FAMILY_MAX_LENGTH = 200;
/** The one host Google font files are fetched from (the URLs come from the shipped catalogue, never from a request). */
export const GOOGLE_FONTS_FILE_HOST = 'fonts.gstatic.com';
/**
 * The largest Google font file we fetch and keep: Google fonts are exempt from the 3 MB upload limit (spec 001 §5),
 * yet bounded (ours, ADR 0055); the BFF stops a fetch past it and the assets service records none larger.
 */
export const GOOGLE_FONT_FILE_MAX_BYTES = 16 * 1024 * 1024;

/** A font's category, read from its OS/2 table (ADR 0055), the same five names as the Google catalogue's. */
export const FONT_CATEGORIES = ['serif', 'sans-serif', 'monospace', 'display', 'handwriting'] as const;
export type FontCategory = (typeof FONT_CATEGORIES)[number];

/** Where a font's file came from: an upload, or the public fonts service (spec 001 §3 "font media (with origin…)"). */
export const FONT_ORIGINS = ['upload', 'google'] as const;
export type FontOrigin = (typeof FONT_ORIGINS)[number];

/** The spec's texts of the font screens and the font delete (spec 001 §2, §8, §9), exactly. */
export const FONT_TEXTS = {
  uploadedTab: 'Uploaded Fonts',
  googleTab: 'Google Fonts',
  deleting: 'Deleting',
  deletionSuccess: 'Deletion Success',
  /** '{n}/{m} font(s) successfully deleted' */
  deletedCount: (deleted: number, total: number) => `${deleted}/${total} font(s) successfully deleted`,
  deletionFailed: 'Deletion Failed',
  /** '{n} font(s) failed to delete' */
  failedCount: (failed: number) => `${failed} font(s) failed to delete`,
  /** '{n} file(s) exceed the maximum size of 3MB' */
  oversize: (files: number) => `${files} file(s) exceed the maximum size of 3MB`,
  fetchFailed: 'Failed to fetch the file.',
  emptyGoogle: 'Press “add” to browse Google Fonts',
  emptyUploaded: 'Press “add” to upload fonts to your library',
  noMatch: 'No matching result.',
  /** The default sample text (spec 001 §9): the sentence about the right to recognition as a person before the law. */
  sample: 'Everyone has the right to recognition everywhere as a person before the law.',
} as const;

/** The service's own sentences about fonts (the spec has none for these; ADR 0055). */
export const FONT_MESSAGES = {
  notFound: 'Font not found.',
  familyNotFound: 'Font family not found.',
  onlyAuthor: 'Only the author of a font may change or delete it.',
  systemFont: 'A system font cannot be hidden, removed or changed.',
  notAFont: 'This file is not a font that can be read (otf or ttf).',
  notFontMedia: 'This file was not uploaded as a font.',
  familyTooLong: `The family name must be at most ${FONT_FAMILY_MAX_LENGTH} characters.`,
  tooManyFonts: `Choose at most ${FONT_BATCH_MAX} fonts at once.`,
  tooManyGoogle: `Choose at most ${GOOGLE_FONTS_MAX_SELECTED} Google fonts at once.`,
  unknownGoogleFont: 'This Google font is not in the catalogue.',
  unknownSubset: 'This language is not offered for this font.',
  projectNeedsTeam: 'A project font needs its team.',
} as const;

/**
 * The URL name of a family (spec 001 §3 "a family is identified by slug"): lowercase letters and digits (of
 * any script; accents dropped from Latin ones) joined by single hyphens. "Open Sans" → "open-sans".
 */
export function fontSlug(family: string): string {
  const slug = family
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'font';
}

/** The URL-safe name of a style within its family (`/assets/font/{slug}/{style}`): "Bold Italic" → "bold-italic". */
export const fontStyleSlug = (style: string): string => fontSlug(style);
