import { COMMON_MESSAGES, FONT_MESSAGES, FontCategory, FontOrigin, fontSlug, fontStyleSlug } from '@kiln/contracts/constants';
import { DomainError } from '../shared/domain-error';
import { DomainEvent } from '../shared/domain-event';
import { teamAllows, TeamRole } from './policy';

/** Who acts on a font: the caller, with their active role in the font's team (looked up by the service). */
export interface FontActor {
  userId: string;
  teamRole?: TeamRole | null;
}

export interface FontState {
  id: string;
  family: string;
  style: string;
  weight: number;
  italic: boolean;
  category: FontCategory;
  variants: string[];
  slug: string;
  styleSlug: string;
  hidden: boolean;
  /** null: a system font (spec 001 §4), which nobody hides, removes or changes. */
  authorId: string | null;
  teamId: string | null;
  projectId: string | null;
  mediaId: string;
  media: { id: string; name: string; mimetype: string; size: number; origin: FontOrigin };
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export type FontEvent =
  | DomainEvent<'workspace.font.created.v1', { font: FontState }>
  | DomainEvent<'workspace.font.hidden-changed.v1', { font: FontState }>
  | DomainEvent<'workspace.font.regrouped.v1', { font: FontState; previousFamily: string }>
  | DomainEvent<'workspace.font.deleted.v1', { font: FontState }>;

/** Google's name of a variant: "regular", "italic", "700", "700italic" (weight 400 is "regular"). */
export function fontVariantName(weight: number, italic: boolean): string {
  if (weight === 400) return italic ? 'italic' : 'regular';
  return `${weight}${italic ? 'italic' : ''}`;
}

/** A family name as kept: trimmed, inner runs of spaces made one; empty is 'This field is required'. */
export function cleanFamilyName(family: string): string {
  const clean = family.replace(/\s+/g, ' ').trim();
  if (!clean) throw new DomainError('invalid', COMMON_MESSAGES.required, [{ path: 'family', message: COMMON_MESSAGES.required }]);
  return clean;
}

/**
 * Who may do what with a font (spec 001 §6 "fonts: only the author can edit or delete an item"; ADR 0055):
 * - read: a system font, everyone; a personal font, its author; a team's (or project's), every active member;
 * - create: personal, anyone; in a team, owners and editors (`font.create`);
 * - change (hide, show, group, remove): the author alone, while they may still read it; a system font, nobody.
 */
export function fontReadable(font: Pick<FontState, 'authorId' | 'teamId'>, actor: FontActor): boolean {
  if (font.authorId === null) return true;
  if (!font.teamId) return font.authorId === actor.userId;
  return teamAllows(actor.teamRole ?? null, 'font.read');
}

/** 404 for whoever may not read it (a stranger must not learn it exists); 403 for a system font or a reader who is not its author. */
export function assertFontChangeable(font: Pick<FontState, 'authorId' | 'teamId'>, actor: FontActor): void {
  if (!fontReadable(font, actor)) throw new DomainError('not-found', FONT_MESSAGES.notFound);
  if (font.authorId === null) throw new DomainError('forbidden', FONT_MESSAGES.systemFont);
  if (font.authorId !== actor.userId) throw new DomainError('forbidden', FONT_MESSAGES.onlyAuthor);
}

/** Whether the caller may change the font (the web app's menus: disabled for a system font or someone else's). */
export function fontChangeable(font: Pick<FontState, 'authorId' | 'teamId'>, actor: FontActor): boolean {
  return fontReadable(font, actor) && font.authorId !== null && font.authorId === actor.userId;
}

/** A family of fonts: the fonts of one slug, lightest first, upright before italic. */
export interface FontFamilyGroup<F> {
  family: string;
  slug: string;
  children: F[];
}

/** Groups fonts by family slug (spec 001 §3 "grouped by family"), families in the order they first appear. */
export function groupFontFamilies<F extends Pick<FontState, 'family' | 'slug' | 'weight' | 'italic' | 'style'>>(fonts: readonly F[]): FontFamilyGroup<F>[] {
  const families = new Map<string, FontFamilyGroup<F>>();
  for (const font of fonts) {
    const group = families.get(font.slug) ?? { family: font.family, slug: font.slug, children: [] };
    group.children.push(font);
    families.set(font.slug, group);
  }
  for (const group of families.values())
    group.children.sort((a, b) => a.weight - b.weight || Number(a.italic) - Number(b.italic) || a.style.localeCompare(b.style));
  return [...families.values()];
}

/** A font (one style of a family, one file) in a personal, team or project scope. Pure: ids and clocks come in. */
export class FontAggregate {
  private events: FontEvent[] = [];
  private deleted = false;
  readonly loadedVersion: number;

  private constructor(
    private state: FontState,
    isNew = false,
  ) {
    this.loadedVersion = isNew ? 0 : state.version;
  }

  static create(input: {
    id: string;
    family: string;
    style: string;
    weight: number;
    italic: boolean;
    category: FontCategory;
    authorId: string;
    teamId?: string | null;
    projectId?: string | null;
    media: FontState['media'];
    now: Date;
  }): FontAggregate {
    if (input.projectId && !input.teamId)
      throw new DomainError('invalid', FONT_MESSAGES.projectNeedsTeam, [{ path: 'teamId', message: FONT_MESSAGES.projectNeedsTeam }]);
    const family = cleanFamilyName(input.family);
    const style = input.style.replace(/\s+/g, ' ').trim() || 'Regular';
    const weight = Math.min(1000, Math.max(1, Math.round(input.weight) || 400));
    const font = new FontAggregate(
      {
        id: input.id,
        family,
        style,
        weight,
        italic: input.italic,
        category: input.category,
        variants: [fontVariantName(weight, input.italic)],
        slug: fontSlug(family),
        styleSlug: fontStyleSlug(style),
        hidden: false,
        authorId: input.authorId,
        teamId: input.teamId ?? null,
        projectId: input.projectId ?? null,
        mediaId: input.media.id,
        media: input.media,
        createdAt: input.now,
        updatedAt: input.now,
        version: 1,
      },
      true,
    );
    font.record('workspace.font.created.v1', { font: font.snapshot() });
    return font;
  }

  static restore(state: FontState): FontAggregate {
    return new FontAggregate({ ...state, variants: [...state.variants], media: { ...state.media } });
  }

  /** Hide or show (spec 001 §4); nothing happens when it already is. */
  setHidden(hidden: boolean, actor: FontActor, now: Date): void {
    assertFontChangeable(this.state, actor);
    if (this.state.hidden === hidden) return;
    this.touch({ hidden }, now);
    this.record('workspace.font.hidden-changed.v1', { font: this.snapshot() });
  }

  /** Moves the font into the family of that name (PATCH /api/workspace/font/group). */
  regroup(family: string, actor: FontActor, now: Date): void {
    assertFontChangeable(this.state, actor);
    const next = cleanFamilyName(family);
    if (next === this.state.family) return;
    const previousFamily = this.state.family;
    this.touch({ family: next, slug: fontSlug(next) }, now);
    this.record('workspace.font.regrouped.v1', { font: this.snapshot(), previousFamily });
  }

  delete(actor: FontActor, now: Date): void {
    assertFontChangeable(this.state, actor);
    this.deleted = true;
    this.touch({}, now);
    this.record('workspace.font.deleted.v1', { font: this.snapshot() });
  }

  get isDeleted(): boolean {
    return this.deleted;
  }

  snapshot(): FontState {
    return { ...this.state, variants: [...this.state.variants], media: { ...this.state.media } };
  }

  pullEvents(): FontEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private touch(changes: Partial<FontState>, now: Date): void {
    this.state = { ...this.state, ...changes, updatedAt: now, version: this.state.version + 1 };
  }

  private record<E extends FontEvent>(type: E['type'], data: E['data']): void {
    this.events.push({ type, aggregateType: 'font', aggregateId: this.state.id, data } as FontEvent);
  }
}

/**
 * A font's category from its OS/2 table (ADR 0055). IBM family class (high byte of sFamilyClass): 1-5, 7 serif
 * (oldstyle, transitional, modern, clarendon, slab, freeform), 8 sans-serif, 9 ornamental → display, 10
 * scripts → handwriting, 12 symbolic → display. Otherwise PANOSE: family kind 3 (hand-written) → handwriting, 4
 * (decorative) and 5 (pictorial) → display; for Latin text (2), proportion 9 → monospace, serif style 11-13
 * (sans) → sans-serif, 2-10 → serif. A fixed-pitch font (post.isFixedPitch or PANOSE) is monospace first.
 * Nothing said: sans-serif.
 */
export function fontCategoryFromOs2(input: { familyClass?: number | null; panose?: readonly number[] | null; fixedPitch?: boolean }): FontCategory {
  const panose = input.panose ?? [];
  const [kind, serifStyle, , proportion] = [panose[0], panose[1], panose[2], panose[3]];
  if (input.fixedPitch || (kind === 2 && proportion === 9)) return 'monospace';
  const ibmClass = ((input.familyClass ?? 0) >> 8) & 0xff;
  if ([1, 2, 3, 4, 5, 7].includes(ibmClass)) return 'serif';
  if (ibmClass === 8) return 'sans-serif';
  if (ibmClass === 10) return 'handwriting';
  if (ibmClass === 9 || ibmClass === 12) return 'display';
  if (kind === 3) return 'handwriting';
  if (kind === 4 || kind === 5) return 'display';
  if (kind === 2 && serifStyle !== undefined) {
    if (serifStyle >= 11 && serifStyle <= 13) return 'sans-serif';
    if (serifStyle >= 2 && serifStyle <= 10) return 'serif';
  }
  return 'sans-serif';
}
