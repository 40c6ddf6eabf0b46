import { fontSlug } from '@kiln/contracts/constants';
import { DomainError } from '../shared/domain-error';
import { fontCategoryFromOs2, FontAggregate, fontChangeable, fontReadable, fontVariantName, groupFontFamilies } from './font.aggregate';

const now = new Date('2026-11-26T00:00:00Z');
const later = new Date('2026-11-26T01:00:00Z');
const author = 'a'.repeat(24);
const other = 'b'.repeat(24);
const team = 'c'.repeat(24);
const media = { id: 'd'.repeat(24), name: 'x.ttf', mimetype: 'font/ttf', size: 10, origin: 'upload' as const };

const kindOf = (run: () => void): string | undefined => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? `${error.kind}: ${error.message}` : String(error);
  }
  return undefined;
};

const make = (over: Partial<Parameters<typeof FontAggregate.create>[0]> = {}) =>
  FontAggregate.create({
    id: '1'.repeat(24),
    family: 'Open Sans',
    style: 'Bold Italic',
    weight: 700,
    italic: true,
    category: 'sans-serif',
    authorId: author,
    media,
    now,
    ...over,
  });

describe('fonts (spec 001 §3, §4, §6; ADR 0055)', () => {
  it('slugs a family: lowercase words joined by single hyphens, accents dropped, other scripts kept', () => {
    expect(fontSlug('Open Sans')).toBe('open-sans');
    expect(fontSlug('  Crème   Brûlée!! 2 ')).toBe('creme-brulee-2');
    expect(fontSlug('Noto Sans 日本語')).toBe('noto-sans-日本語');
    expect(fontSlug('***')).toBe('font');
  });

  it('names variants as Google does', () => {
    expect(fontVariantName(400, false)).toBe('regular');
    expect(fontVariantName(400, true)).toBe('italic');
    expect(fontVariantName(700, true)).toBe('700italic');
  });

  it('creates a font with its slug, style slug and variant, and records it', () => {
    const font = make();
    expect(font.snapshot()).toMatchObject({ slug: 'open-sans', styleSlug: 'bold-italic', variants: ['700italic'], hidden: false, version: 1 });
    expect(font.pullEvents().map((e) => e.type)).toEqual(['workspace.font.created.v1']);
    expect(kindOf(() => make({ family: '   ' }))).toBe('invalid: This field is required');
    expect(kindOf(() => make({ projectId: team }))).toMatch(/^invalid/);
  });

  it('groups fonts by family slug, lightest first and upright before italic', () => {
    const f = (family: string, weight: number, italic: boolean) => ({ family, slug: fontSlug(family), weight, italic, style: `${weight}${italic}` });
    const groups = groupFontFamilies([f('Inter', 700, false), f('Lora', 400, false), f('Inter', 400, true), f('Inter', 400, false)]);
    expect(groups.map((g) => g.slug)).toEqual(['inter', 'lora']);
    expect(groups[0].children.map((c) => [c.weight, c.italic])).toEqual([
      [400, false],
      [400, true],
      [700, false],
    ]);
  });

  it('who may: personal, the author alone; team, members read but only the author changes; a system font, nobody changes', () => {
    const personal = make().snapshot();
    expect(fontReadable(personal, { userId: other })).toBe(false);
    expect(kindOf(() => make().setHidden(true, { userId: other }, later))).toBe('not-found: Font not found.');

    const teamFont = make({ teamId: team });
    expect(fontReadable(teamFont.snapshot(), { userId: other, teamRole: 'viewer' })).toBe(true);
    expect(fontChangeable(teamFont.snapshot(), { userId: other, teamRole: 'owner' })).toBe(false);
    expect(kindOf(() => teamFont.delete({ userId: other, teamRole: 'owner' }, later))).toBe('forbidden: Only the author of a font may change or delete it.');
    expect(kindOf(() => teamFont.delete({ userId: other, teamRole: null }, later))).toBe('not-found: Font not found.');
    teamFont.pullEvents();
    teamFont.setHidden(true, { userId: author, teamRole: 'viewer' }, later);
    teamFont.setHidden(true, { userId: author, teamRole: 'viewer' }, later);
    expect(teamFont.pullEvents().map((e) => e.type)).toEqual(['workspace.font.hidden-changed.v1']);

    const system = FontAggregate.restore({ ...make().snapshot(), authorId: null });
    expect(fontReadable(system.snapshot(), { userId: other })).toBe(true);
    expect(kindOf(() => system.delete({ userId: other }, later))).toBe('forbidden: A system font cannot be hidden, removed or changed.');
    expect(kindOf(() => system.setHidden(true, { userId: other }, later))).toMatch(/^forbidden/);
  });

  it('regroups into another family with its slug', () => {
    const font = make();
    font.pullEvents();
    font.regroup(' My  Family ', { userId: author }, later);
    expect(font.snapshot()).toMatchObject({ family: 'My Family', slug: 'my-family', version: 2 });
    expect(font.pullEvents()[0]).toMatchObject({ type: 'workspace.font.regrouped.v1', data: { previousFamily: 'Open Sans' } });
  });

  it('reads the category from OS/2: IBM class first, then PANOSE; fixed pitch is monospace', () => {
    expect(fontCategoryFromOs2({ familyClass: (1 << 8) | 4 })).toBe('serif');
    expect(fontCategoryFromOs2({ familyClass: 8 << 8 })).toBe('sans-serif');
    expect(fontCategoryFromOs2({ familyClass: 10 << 8 })).toBe('handwriting');
    expect(fontCategoryFromOs2({ familyClass: 9 << 8 })).toBe('display');
    expect(fontCategoryFromOs2({ panose: [3, 0, 0, 0] })).toBe('handwriting');
    expect(fontCategoryFromOs2({ panose: [2, 11, 5, 9] })).toBe('monospace');
    expect(fontCategoryFromOs2({ panose: [2, 2, 5, 3] })).toBe('serif');
    expect(fontCategoryFromOs2({ familyClass: 8 << 8, fixedPitch: true })).toBe('monospace');
    expect(fontCategoryFromOs2({})).toBe('sans-serif');
  });
});
