import { z } from 'zod';
import { passThrough, rpc, withActor } from '../common/contract-builders';
import { Id, Text, Timestamp } from '../common/ids';
import { COMMON_MESSAGES } from '../common/messages';
import { jsonParam, limitUpTo, listOf, Skip } from '../common/list';
import { LIST_LIMIT_MAX } from '../common/page-sizes';
import type { HttpRoute } from '../http';
import { TeamRole } from './team';
import {
  FONT_BATCH_MAX,
  FONT_CATEGORIES,
  FONT_FAMILY_MAX_LENGTH,
  FONT_MESSAGES,
  FONT_ORIGINS,
  FONT_PAGE_SIZE,
  GOOGLE_FONTS_MAX_SELECTED,
} from './font.constants';

export * from './font.constants';

/**
 * Fonts (spec 001 §2, §3, §4, §7; ADR 0055): one font per style (one file), grouped by family; a family is
 * identified by its slug and its `children` are its styles. Family, style, weight and category are read
 * from the file (the assets service, `describeFont`), never from its name.
 */
export const FontCategorySchema = z.enum(FONT_CATEGORIES);
export const FontOriginSchema = z.enum(FONT_ORIGINS);

/** What a font shows of its file (spec 001 §3 "font media (with origin when from the public fonts service)"). */
export const FontMedia = z.object({
  id: Id,
  name: z.string(),
  mimetype: z.string(),
  size: z.number().int(),
  origin: FontOriginSchema,
});
export type FontMedia = z.infer<typeof FontMedia>;

/** The state of a font after a change, as its events carry it. `authorId` null: a system font (spec 001 §4). */
export const FontSnapshot = z.object({
  id: Id,
  family: z.string(),
  /** The style's name as the file gives it ("Regular", "Bold Italic"). */
  style: z.string(),
  /** 1 to 1000 (OS/2 usWeightClass). */
  weight: z.number().int(),
  italic: z.boolean(),
  category: FontCategorySchema,
  /** Google's names of the variants this font is ("regular", "700italic"). */
  variants: z.array(z.string()),
  slug: z.string(),
  /** The style's slug within its family (`/assets/font/{slug}/{style}`). */
  styleSlug: z.string(),
  hidden: z.boolean(),
  authorId: Id.nullable(),
  teamId: Id.nullable(),
  projectId: Id.nullable(),
  mediaId: Id,
  media: FontMedia,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type FontSnapshot = z.infer<typeof FontSnapshot>;

/** A font (spec 001 §3); `userRole` is the caller's team role (null in the personal scope). Its file: `GET /api/workspace/font/{id}/file`. */
export const Font = FontSnapshot.extend({ userRole: TeamRole.nullable().optional() });
export type Font = z.infer<typeof Font>;

/** A family: the fonts of one slug in one scope, `children` holding the styles (lightest first). */
export const FontFamily = z.object({
  family: z.string(),
  slug: z.string(),
  category: FontCategorySchema,
  /** Every style of the family is hidden. */
  hidden: z.boolean(),
  updatedAt: Timestamp,
  children: z.array(Font),
});
export type FontFamily = z.infer<typeof FontFamily>;
export const FontFamilyList = listOf(FontFamily);
export type FontFamilyList = z.infer<typeof FontFamilyList>;

/** The scope of a font list or a family, as the spec passes it: `where` with teamId and projectId. */
export const FontScope = z.strictObject({
  teamId: Id.nullable().optional(),
  projectId: Id.nullable().optional(),
});
export type FontScope = z.infer<typeof FontScope>;

export const FontWhere = FontScope.extend({
  family: z.strictObject({ contains: Text(200) }).optional(),
  /** Only the fonts whose file came this way: the 'Uploaded Fonts' and 'Google Fonts' tabs (spec 001 §2). */
  origin: FontOriginSchema.optional(),
});
export type FontWhere = z.infer<typeof FontWhere>;

/** GET /api/workspace/font: families of a scope whose name contains a term, 20 a page (spec 001 §7, §9). */
export const ListFontsQuery = z.strictObject({
  where: jsonParam(FontWhere).optional(),
  skip: Skip,
  limit: limitUpTo(LIST_LIMIT_MAX, FONT_PAGE_SIZE),
});
export type ListFontsQuery = z.infer<typeof ListFontsQuery>;
export type ListFontsQueryInput = z.input<typeof ListFontsQuery>;

export const FontFamilyParams = z.strictObject({
  slug: z
    .string()
    .min(1)
    .max(FONT_FAMILY_MAX_LENGTH * 2),
});
export const FontFamilyQuery = z.strictObject({ where: jsonParam(FontScope).optional() });
export type FontFamilyQuery = z.infer<typeof FontFamilyQuery>;

/** POST /api/workspace/font: an uploaded font file of mine (`POST /api/upload`, repo `font`) becomes a font of the scope. */
export const CreateFontBody = z.strictObject({
  mediaId: Id,
  teamId: Id.nullish(),
  projectId: Id.nullish(),
});
export type CreateFontBody = z.infer<typeof CreateFontBody>;

const FontIds = z.array(Id).min(1).max(FONT_BATCH_MAX, FONT_MESSAGES.tooManyFonts);

/** PATCH /api/workspace/font/hide. */
export const HideFontsBody = z.strictObject({ fontIds: FontIds, hidden: z.boolean() });
export type HideFontsBody = z.infer<typeof HideFontsBody>;

/** DELETE /api/workspace/font/ {fontIds}. */
export const DeleteFontsBody = z.strictObject({ fontIds: FontIds });
export type DeleteFontsBody = z.infer<typeof DeleteFontsBody>;

/** PATCH /api/workspace/font/group {fontGroup}: these fonts (styles) become one family of that name (ADR 0055). */
export const GroupFontsBody = z.strictObject({
  fontGroup: z.strictObject({
    fontIds: FontIds,
    family: Text(FONT_FAMILY_MAX_LENGTH, FONT_MESSAGES.familyTooLong).refine((f) => f.trim().length > 0, COMMON_MESSAGES.required),
  }),
});
export type GroupFontsBody = z.infer<typeof GroupFontsBody>;

/** Batches answer each font: the ones done, and the ones refused with why (the web app counts them, spec 001 §8). */
export const FontBatchResult = z.object({
  done: z.array(Font),
  failed: z.array(z.object({ id: z.string(), message: z.string() })),
});
export type FontBatchResult = z.infer<typeof FontBatchResult>;

/** GET /api/workspace/font/language: the language subsets fonts are offered in (Google's catalogue). */
export const FontLanguage = z.object({ id: z.string(), name: z.string() });
export type FontLanguage = z.infer<typeof FontLanguage>;
export const FontLanguageList = z.object({ data: z.array(FontLanguage) });
export type FontLanguageList = z.infer<typeof FontLanguageList>;

/** One family of the Google Fonts catalogue (shipped with the service, browsable without network). */
export const GoogleFontFamily = z.object({
  family: z.string(),
  slug: z.string(),
  category: FontCategorySchema,
  variants: z.array(z.string()),
  subsets: z.array(z.string()),
  lastModified: z.string(),
});
export type GoogleFontFamily = z.infer<typeof GoogleFontFamily>;
export const GoogleFontList = listOf(GoogleFontFamily);
export type GoogleFontList = z.infer<typeof GoogleFontList>;

/** GET /api/workspace/font/google: the catalogue, searched by family, optionally one language and one category. */
export const ListGoogleFontsQuery = z.strictObject({
  term: Text(200).optional(),
  subset: z.string().max(60).optional(),
  category: FontCategorySchema.optional(),
  skip: Skip,
  limit: limitUpTo(LIST_LIMIT_MAX, FONT_PAGE_SIZE),
});
export type ListGoogleFontsQuery = z.infer<typeof ListGoogleFontsQuery>;
export type ListGoogleFontsQueryInput = z.input<typeof ListGoogleFontsQuery>;

/** POST /api/workspace/font/google: add up to 5 Google families to a scope, in one language subset (the family's default when absent). */
export const AddGoogleFontsBody = FontScope.extend({
  families: z.array(Text(FONT_FAMILY_MAX_LENGTH)).min(1).max(GOOGLE_FONTS_MAX_SELECTED, FONT_MESSAGES.tooManyGoogle),
  subset: z.string().max(60).optional(),
});
export type AddGoogleFontsBody = z.infer<typeof AddGoogleFontsBody>;

/** One file of a Google family to fetch: the URL comes from the shipped catalogue, on GOOGLE_FONTS_FILE_HOST. */
export const GoogleFontFile = z.object({ family: z.string(), variant: z.string(), subset: z.string(), url: z.string().url() });
export type GoogleFontFile = z.infer<typeof GoogleFontFile>;
export const GoogleFontFiles = z.object({ files: z.array(GoogleFontFile) });

/** The workspace service's NATS requests for fonts (`rpc.workspace.font.*`); spread into WorkspaceRpc. */
export const FontRpc = {
  createFont: rpc('rpc.workspace.font.create', withActor(CreateFontBody.extend({ origin: FontOriginSchema.optional(), variant: z.string().optional() })), Font),
  listFontFamilies: rpc('rpc.workspace.font.list', withActor(ListFontsQuery), FontFamilyList),
  getFontFamily: rpc('rpc.workspace.font.family', withActor(FontFamilyQuery.extend({ slug: z.string() })), FontFamily),
  /** One font the caller may see (404 otherwise); the BFF's file route asks it. */
  getFont: rpc('rpc.workspace.font.get', withActor(z.object({ id: z.string() })), Font),
  hideFonts: rpc('rpc.workspace.font.hide', withActor(HideFontsBody), FontBatchResult),
  deleteFonts: rpc('rpc.workspace.font.delete', withActor(DeleteFontsBody), FontBatchResult),
  groupFonts: rpc('rpc.workspace.font.group', withActor(GroupFontsBody), FontBatchResult),
  fontLanguages: rpc('rpc.workspace.font.languages', withActor(z.object({})), FontLanguageList),
  listGoogleFonts: rpc('rpc.workspace.font.google.list', withActor(ListGoogleFontsQuery), GoogleFontList),
  /** The files of chosen Google families (URLs from the catalogue); the BFF fetches them. Checks the caller may add to the scope. */
  googleFontFiles: rpc('rpc.workspace.font.google.files', withActor(AddGoogleFontsBody), GoogleFontFiles),
} as const;

/** Spec 001 §7 "Fonts"; spread into HttpRoutes. `/font/google` (add) and `/font/{id}/file` are the BFF's own. */
export const FontHttpRoutes = {
  createFont: passThrough({
    method: 'post',
    path: '/api/workspace/font',
    summary: 'Add an uploaded font file of mine to a scope; family, style, weight and category are read from the file',
    auth: true,
    body: CreateFontBody,
    response: Font,
    status: 201,
    rpc: FontRpc.createFont,
    toRpc: ({ actor, body }) => ({ actor, body }),
  }),
  listFonts: passThrough({
    method: 'get',
    path: '/api/workspace/font',
    summary: 'The font families of a scope (family contains a term), 20 a page, each with its styles as children',
    auth: true,
    query: ListFontsQuery,
    response: FontFamilyList,
    rpc: FontRpc.listFontFamilies,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  fontFamily: passThrough({
    method: 'get',
    path: '/api/workspace/font/family/{slug}',
    summary: 'One font family of a scope by its slug, with its styles',
    auth: true,
    params: FontFamilyParams,
    query: FontFamilyQuery,
    response: FontFamily,
    rpc: FontRpc.getFontFamily,
    toRpc: ({ actor, params, query }) => ({ actor, body: { ...query, slug: params.slug } }),
  }),
  groupFonts: passThrough({
    method: 'patch',
    path: '/api/workspace/font/group',
    summary: 'Make fonts of mine one family (its name given); only their author may',
    auth: true,
    body: GroupFontsBody,
    response: FontBatchResult,
    rpc: FontRpc.groupFonts,
    toRpc: ({ actor, body }) => ({ actor, body }),
  }),
  hideFonts: passThrough({
    method: 'patch',
    path: '/api/workspace/font/hide',
    summary: 'Hide or show font styles; only their author may, system fonts never',
    auth: true,
    body: HideFontsBody,
    response: FontBatchResult,
    rpc: FontRpc.hideFonts,
    toRpc: ({ actor, body }) => ({ actor, body }),
  }),
  deleteFonts: passThrough({
    method: 'delete',
    path: '/api/workspace/font',
    summary: 'Remove font styles; only their author may, system fonts never. Answers each one done or failed',
    auth: true,
    body: DeleteFontsBody,
    response: FontBatchResult,
    rpc: FontRpc.deleteFonts,
    toRpc: ({ actor, body }) => ({ actor, body }),
  }),
  fontLanguages: passThrough({
    method: 'get',
    path: '/api/workspace/font/language',
    summary: 'The language subsets fonts are offered in',
    auth: true,
    response: FontLanguageList,
    rpc: FontRpc.fontLanguages,
    toRpc: ({ actor }) => ({ actor, body: {} }),
  }),
  listGoogleFonts: passThrough({
    method: 'get',
    path: '/api/workspace/font/google',
    summary: 'The Google Fonts catalogue (shipped, no network needed), searched by family, language and category, 20 a page',
    auth: true,
    query: ListGoogleFontsQuery,
    response: GoogleFontList,
    rpc: FontRpc.listGoogleFonts,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  /** Hand-written in the BFF (bff/src/fonts/google-font-files.ts): fetches the files from the fonts host. */
  addGoogleFonts: {
    method: 'post',
    path: '/api/workspace/font/google',
    summary:
      'Add up to 5 Google families to a scope: their files are fetched from the public fonts service (and cached); ' +
      "unreachable: 502 'Failed to fetch the file.'",
    auth: true,
    body: AddGoogleFontsBody,
    response: z.object({ fonts: z.array(Font) }),
    status: 201,
  } satisfies HttpRoute,
  /** Hand-written in the BFF (bff/src/fonts/font-files.ts): raw bytes. */
  fontFile: {
    method: 'get',
    path: '/api/workspace/font/{id}/file',
    summary: 'The file of a font I may see (otf or ttf), with nosniff and a sandboxing CSP',
    auth: true,
    params: z.strictObject({ id: Id }),
    response: z.string().describe("the file's bytes"),
  } satisfies HttpRoute,
} satisfies Record<string, HttpRoute>;

/** What the assets service reads from a font file (ADR 0055). */
export const FontDescription = z.object({
  family: z.string(),
  style: z.string(),
  weight: z.number().int(),
  italic: z.boolean(),
  category: FontCategorySchema,
  glyphCount: z.number().int(),
  /** The media record's name, type and size; the origin is the workspace's to say (an upload, or a file it had fetched). */
  media: FontMedia.omit({ origin: true }),
});
export type FontDescription = z.infer<typeof FontDescription>;

/** The assets service's font request: the caller's own media of kind `font`, read with fontkit (404 for anyone else's). */
export const FontAssetsRpc = {
  describeFont: rpc('rpc.assets.font.describe', withActor(z.object({ mediaId: Id })), FontDescription),
} as const;
