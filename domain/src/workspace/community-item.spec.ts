import { COMMUNITY_MESSAGES, ENVIRONMENT_MAP_MESSAGES, TEXTURE_DEFAULTS, TEXTURE_MESSAGES } from '@kiln/contracts/constants';
import { checkUploadContent } from '../assets/upload-content';
import { DomainError } from '../shared/domain-error';
import { communityItemEditable, communityNameProblem, isCommunityLocked, isRecentlyPublished, tagAddProblem, tagBadges, tagsProblem } from './community-item';
import { EnvironmentMapAggregate } from './environment-map.aggregate';
import { TextureAggregate, textureNumberProblems } from './texture.aggregate';
import { TextureAssociationAggregate } from './texture-association.aggregate';

const published = new Date('2026-11-26T08:00:00Z');
/** The clock, moved by the tests. */
const at = (h: number, m = 0, s = 0) => new Date(published.getTime() + ((h * 60 + m) * 60 + s) * 1000);
const author = 'a'.repeat(24);
const other = 'b'.repeat(24);
const team = 'c'.repeat(24);
const moderator = 'd'.repeat(24);

const failure = (run: () => void): string | undefined => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? `${error.kind}: ${error.message}` : String(error);
  }
  return undefined;
};

const texture = (fields: Parameters<typeof TextureAggregate.create>[0]['fields'] = {}, over: Partial<Parameters<typeof TextureAggregate.create>[0]> = {}) =>
  TextureAggregate.create({ id: '1'.repeat(24), actor: { userId: author }, fields: { name: 'Oak', ...fields }, now: published, ...over });

describe('the 24-hour window of community items', () => {
  const item = { authorId: author, teamId: null, public: true, publishedAt: published };

  it('is recently published up to 24 hours, locked after', () => {
    expect(isRecentlyPublished(item, at(23, 59, 59))).toBe(true);
    expect(isCommunityLocked(item, at(23, 59, 59))).toBe(false);
    expect(isRecentlyPublished(item, at(24, 0, 1))).toBe(false);
    expect(isCommunityLocked(item, at(24, 0, 1))).toBe(true);
    expect(isRecentlyPublished({ ...item, public: false, publishedAt: null }, at(1))).toBe(false);
    expect(isCommunityLocked({ ...item, public: false, publishedAt: null }, at(100))).toBe(false);
  });

  it('lets only the author edit a public texture, and nobody past its 24 hours', () => {
    const t = texture({ public: true });
    expect(t.snapshot().publishedAt).toEqual(published);
    expect(failure(() => t.update({ name: 'Oak 2' }, { userId: other }, at(1)))).toBe(`forbidden: ${COMMUNITY_MESSAGES.onlyAuthor}`);
    t.update({ name: 'Oak dark' }, { userId: author }, at(23, 59, 59));
    expect(t.snapshot().name).toBe('Oak dark');
    expect(failure(() => t.update({ name: 'Oak light' }, { userId: author }, at(24, 0, 1)))).toBe(`forbidden: ${COMMUNITY_MESSAGES.windowClosed}`);
    expect(failure(() => t.delete({ userId: author }, at(24, 0, 1)))).toBe(`forbidden: ${COMMUNITY_MESSAGES.windowClosed}`);
    expect(communityItemEditable({ ...t.snapshot() }, { userId: author }, at(23, 59, 59))).toBe(true);
    expect(communityItemEditable({ ...t.snapshot() }, { userId: author }, at(24, 0, 1))).toBe(false);
  });

  it('a private texture stays editable by its author whenever; strangers do not see it (404)', () => {
    const t = texture();
    t.update({ name: 'Oak 3' }, { userId: author }, at(1000));
    expect(failure(() => t.update({ name: 'Oak 4' }, { userId: other }, at(1)))).toBe(`not-found: ${TEXTURE_MESSAGES.notFound}`);
  });

  it('a team viewer reads a team texture but may not edit it; a team editor who is not the author neither', () => {
    const t = texture({}, { teamId: team, actor: { userId: author, teamRole: 'editor' } });
    expect(t.readable({ userId: other, teamRole: 'viewer' })).toBe(true);
    expect(failure(() => t.update({ name: 'Oak 5' }, { userId: other, teamRole: 'viewer' }, at(1)))).toBe(`forbidden: ${COMMUNITY_MESSAGES.onlyAuthor}`);
    expect(failure(() => t.delete({ userId: other, teamRole: 'owner' }, at(1)))).toBe(`forbidden: ${COMMUNITY_MESSAGES.onlyAuthor}`);
    expect(failure(() => texture({}, { teamId: team, actor: { userId: other, teamRole: 'viewer' } }))).toBe(`forbidden: ${COMMUNITY_MESSAGES.noCreate}`);
  });

  it('a moderator rejects only within the window: private again, publishedAt cleared', () => {
    const t = texture({ public: true });
    expect(failure(() => t.reject({ userId: other }, null, at(1)))).toBe(`forbidden: ${COMMUNITY_MESSAGES.notModerator}`);
    expect(failure(() => t.reject({ userId: moderator, moderator: true }, null, at(24, 0, 1)))).toBe(`conflict: ${COMMUNITY_MESSAGES.notRejectable}`);
    t.pullEvents();
    t.reject({ userId: moderator, moderator: true }, ' not a texture ', at(23, 59, 59));
    expect(t.snapshot()).toMatchObject({ public: false, publishedAt: null });
    expect(t.pullEvents()).toEqual([
      expect.objectContaining({ type: 'workspace.texture.rejected.v1', data: expect.objectContaining({ moderatorId: moderator, reason: 'not a texture' }) }),
    ]);
    // Private again: its author edits it again.
    t.update({ name: 'Oak again' }, { userId: author }, at(30));
  });

  it('publishing again opens a new window', () => {
    const t = texture({ public: true });
    t.update({ public: false }, { userId: author }, at(2));
    expect(t.snapshot().publishedAt).toBeNull();
    t.update({ public: true }, { userId: author }, at(3));
    expect(t.snapshot().publishedAt).toEqual(at(3));
  });

  it('scenes follow the same window', () => {
    const scene = EnvironmentMapAggregate.create({
      id: '2'.repeat(24),
      actor: { userId: author },
      fields: { name: 'Studio', envMapId: 'e'.repeat(24), public: true },
      now: published,
    });
    scene.update({ description: 'soft light' }, { userId: author }, at(23, 59, 59));
    expect(failure(() => scene.update({ description: 'hard light' }, { userId: author }, at(24, 0, 1)))).toBe(`forbidden: ${COMMUNITY_MESSAGES.windowClosed}`);
    expect(scene.snapshot().previewGeometry).toBe('sphere');
  });
});

describe('names', () => {
  it('uses the spec sentences of textures and scenes', () => {
    expect(communityNameProblem('texture', '  ')).toBe('Texture name is required');
    expect(communityNameProblem('texture', 'ab')).toBe('The name must be longer than 2 characters.');
    expect(communityNameProblem('texture', 'abc')).toBeNull();
    expect(communityNameProblem('environment-map', '')).toBe('Scene name is required');
    expect(communityNameProblem('environment-map', 'ab')).toBe('The name must be longer than 3 characters.');
    expect(communityNameProblem('environment-map', 'abc')).toBeNull();
    expect(failure(() => texture({ name: 'a' }))).toBe(`invalid: ${TEXTURE_MESSAGES.nameTooShort}`);
    expect(
      failure(() => EnvironmentMapAggregate.create({ id: '2'.repeat(24), actor: { userId: author }, fields: { envMapId: 'e'.repeat(24) }, now: published })),
    ).toBe(`invalid: ${ENVIRONMENT_MAP_MESSAGES.nameRequired}`);
  });
});

describe('tags', () => {
  it('refuses case-insensitive duplicates and empty tags', () => {
    expect(tagsProblem(['Wood', 'wood'])).toBe('Duplicate tags are not allowed');
    expect(tagsProblem(['Wood', ' WOOD '])).toBe('Duplicate tags are not allowed');
    expect(tagsProblem(['Wood', 'Oak'])).toBeNull();
    expect(tagAddProblem(['Wood'], 'wOOd')).toBe('Duplicate tags are not allowed');
    expect(tagsProblem([' '])).toBe(COMMUNITY_MESSAGES.tagEmpty);
    expect(failure(() => texture({ tags: ['a', 'A'] }))).toBe('invalid: Duplicate tags are not allowed');
    expect(texture({ tags: [' oak ', 'dark'] }).snapshot().tags).toEqual(['oak', 'dark']);
  });

  it('makes badges: 15 characters plus an ellipsis, about 10 characters in total, the rest as +N', () => {
    expect(tagBadges(['a-very-long-tag-name-indeed'])).toEqual({ shown: ['a-very-long-tag…'], more: null });
    expect(tagBadges(['wood', 'oak', 'dark', 'rough'])).toEqual({ shown: ['wood', 'oak', 'dark'], more: '+1' });
    expect(tagBadges(['marble-white', 'stone', 'tile'])).toEqual({ shown: ['marble-white'], more: '+2' });
    expect(tagBadges([])).toEqual({ shown: [], more: null });
  });
});

describe('numbers', () => {
  it('takes the spec defaults', () => {
    expect(texture().snapshot()).toMatchObject({ repeat: { x: 1, y: 1 }, center: { x: 0, y: 0 }, offset: { x: 0, y: 0 }, rotation: 0 });
    expect(TEXTURE_DEFAULTS.repeat).toEqual({ x: 1, y: 1 });
  });

  it('wants repeat, width, height and rotation at least 0 and rotation at most 2π', () => {
    expect(textureNumberProblems({ repeat: { x: -0.01, y: 1 } })).toEqual([{ path: 'repeat.x', message: TEXTURE_MESSAGES.notNegative }]);
    expect(textureNumberProblems({ width: -1, height: -1 }).map((p) => p.path)).toEqual(['width', 'height']);
    expect(textureNumberProblems({ rotation: -0.1 })).toEqual([{ path: 'rotation', message: TEXTURE_MESSAGES.notNegative }]);
    expect(textureNumberProblems({ rotation: 2 * Math.PI })).toEqual([]);
    expect(textureNumberProblems({ rotation: 2 * Math.PI + 0.01 })).toEqual([{ path: 'rotation', message: TEXTURE_MESSAGES.rotationTooLarge }]);
    expect(textureNumberProblems({ offset: { x: -3, y: 2 }, center: { x: -0.5, y: 0.5 }, repeat: { x: 0, y: 0 }, width: 0, height: 0, rotation: 0 })).toEqual(
      [],
    );
    expect(failure(() => texture({ height: -2 }))).toBe(`invalid: ${TEXTURE_MESSAGES.notNegative}`);
  });
});

describe('texture associations', () => {
  const publicTexture = { id: '1'.repeat(24), public: true };
  it('adds only a community texture, to a library the caller may change', () => {
    const a = TextureAssociationAggregate.create({
      id: '3'.repeat(24),
      texture: publicTexture,
      actor: { userId: other, teamRole: 'editor' },
      teamId: team,
      now: published,
    });
    expect(a.pullEvents().map((e) => e.type)).toEqual(['workspace.texture-association.created.v1']);
    expect(
      failure(() =>
        TextureAssociationAggregate.create({
          id: '3'.repeat(24),
          texture: publicTexture,
          actor: { userId: other, teamRole: 'viewer' },
          teamId: team,
          now: published,
        }),
      ),
    ).toBe(`forbidden: ${TEXTURE_MESSAGES.noChange}`);
    expect(
      failure(() =>
        TextureAssociationAggregate.create({ id: '3'.repeat(24), texture: { ...publicTexture, public: false }, actor: { userId: other }, now: published }),
      ),
    ).toBe(`unprocessable: ${TEXTURE_MESSAGES.notCommunity}`);
    expect(failure(() => a.delete({ userId: author, teamRole: 'viewer' }))).toBe(`forbidden: ${TEXTURE_MESSAGES.noChange}`);
    expect(failure(() => a.delete({ userId: author }))).toBe(`not-found: ${TEXTURE_MESSAGES.associationNotFound}`);
    a.delete({ userId: author, teamRole: 'owner' });
    expect(a.isDeleted).toBe(true);
  });
});

describe('the environment image upload', () => {
  it('takes an .exr whose bytes are EXR and refuses one that is not', () => {
    const exr = new Uint8Array([0x76, 0x2f, 0x31, 0x01, 0x02, 0, 0, 0, 0x63, 0x68]);
    expect(checkUploadContent('exr', 'studio.exr', exr)).toEqual({ ok: true, format: 'exr' });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(checkUploadContent('exr', 'studio.exr', png)).toMatchObject({ ok: false, statusCode: 415 });
    expect(checkUploadContent('exr', 'studio.png', png)).toMatchObject({ ok: false, statusCode: 415 });
    expect(checkUploadContent('texture', 'oak.webp', png)).toMatchObject({ ok: false, statusCode: 415 });
    expect(checkUploadContent('texture', 'oak.png', png)).toEqual({ ok: true, format: 'png' });
  });
});
