import { COMMUNITY_MESSAGES } from '@kiln/contracts/constants';
import { sceneRules } from './scene-rules';
import { refuseTag, sceneNameProblems } from './scene-form';

const publishedAt = '2026-11-25T10:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('what the scene screens allow (ADR 0063, the domain’s window of ADR 0061)', () => {
  it('a public scene is recently published for 24 hours, then locked: editing controls go, with the service’s sentence', () => {
    const scene = { public: true, publishedAt, mayEdit: true };
    expect(sceneRules(scene, at('2026-11-26T09:59:59.000Z'))).toMatchObject({ recentlyPublished: true, locked: false, canEdit: true, canDelete: true });
    expect(sceneRules(scene, at('2026-11-26T10:00:01.000Z'))).toMatchObject({
      recentlyPublished: false,
      locked: true,
      canEdit: false,
      canDelete: false,
      reason: COMMUNITY_MESSAGES.windowClosed,
    });
  });

  it('a private scene is never locked; someone else’s is read only, said with the author rule', () => {
    expect(sceneRules({ public: false, publishedAt: null, mayEdit: true }, at('2030-01-01T00:00:00.000Z'))).toMatchObject({ locked: false, canEdit: true });
    expect(sceneRules({ public: false, publishedAt: null, mayEdit: false })).toMatchObject({ canEdit: false, reason: COMMUNITY_MESSAGES.onlyAuthor });
  });

  it('names and tags: the spec’s sentences, from the domain', () => {
    expect(sceneNameProblems('  ')).toEqual(['Scene name is required']);
    expect(sceneNameProblems('ab')).toEqual(['The name must be longer than 3 characters.']);
    expect(sceneNameProblems('Studio sky')).toEqual([]);
    expect(refuseTag(['HDR'], 'hdr')).toBe('Duplicate tags are not allowed');
    expect(refuseTag(['HDR'], 'sky')).toBeUndefined();
  });
});
