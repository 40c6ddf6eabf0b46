import type { Font, FontBatchResult, FontFamily, FontFamilyList, FontLanguageList, FontOrigin, FontWhere, GoogleFontList } from '@kiln/contracts';
import { FONT_PAGE_SIZE, type FontCategory } from '@kiln/contracts/constants';
import { request } from '../api/client';

/** Where fonts are looked for and added: personal (nothing), a team, or a team's project. */
export interface FontScope {
  teamId?: string;
  projectId?: string;
}

const BASE = '/api/workspace/font';
const scopeWhere = (scope: FontScope): FontWhere => ({
  ...(scope.teamId ? { teamId: scope.teamId } : {}),
  ...(scope.teamId && scope.projectId ? { projectId: scope.projectId } : {}),
});
const whereParam = (where: FontWhere) => (Object.keys(where).length ? JSON.stringify(where) : undefined);

/** The file of a font (otf or ttf), served to whoever may see the font: the glyph viewer and previews load it as a FontFace. */
export const fontFileUrl = (id: string) => `${BASE}/${encodeURIComponent(id)}/file`;

/** The calls of spec 001 §7 for fonts (ADR 0055). */
export const fontsApi = {
  /** One page of families (20, spec 001 §9) of a scope and tab, whose family contains `term`. */
  families: ({ skip, scope, origin, term }: { skip: number; scope: FontScope; origin?: FontOrigin; term?: string }) => {
    const where: FontWhere = { ...scopeWhere(scope), ...(origin ? { origin } : {}), ...(term ? { family: { contains: term } } : {}) };
    return request<FontFamilyList>('GET', BASE, { query: { where: whereParam(where), skip, limit: FONT_PAGE_SIZE } });
  },
  family: (slug: string, scope: FontScope) =>
    request<FontFamily>('GET', `${BASE}/family/${encodeURIComponent(slug)}`, { query: { where: whereParam(scopeWhere(scope)) } }),
  /** After POST /api/upload (repo font): the stored file becomes a font; family, style and weight are read from it. */
  create: (mediaId: string, scope: FontScope) =>
    request<Font>('POST', BASE, { body: { mediaId, ...scopeWhere(scope), ...(scope.projectId ? { projectId: scope.projectId } : {}) } }),
  hide: (fontIds: string[], hidden: boolean) => request<FontBatchResult>('PATCH', `${BASE}/hide`, { body: { fontIds, hidden } }),
  remove: (fontIds: string[]) => request<FontBatchResult>('DELETE', BASE, { body: { fontIds } }),
  languages: () => request<FontLanguageList>('GET', `${BASE}/language`),
  /** The Google catalogue, shipped with the service: no network needed to browse it. */
  google: ({ skip, term, subset, category }: { skip: number; term?: string; subset?: string; category?: FontCategory }) =>
    request<GoogleFontList>('GET', `${BASE}/google`, {
      query: { term: term || undefined, subset: subset || undefined, category, skip, limit: FONT_PAGE_SIZE },
    }),
  /** Up to 5 families; the service fetches their files from the public fonts service ('Failed to fetch the file.' when it cannot). */
  addGoogle: (families: string[], subset: string | undefined, scope: FontScope) =>
    request<{ fonts: Font[] }>('POST', `${BASE}/google`, { body: { families, ...(subset ? { subset } : {}), ...scopeWhere(scope) } }),
};
