import { badgeText, tagBadges } from './tag-badges';

describe('tag badges (spec 001 §9)', () => {
  it('cuts a tag at 15 characters plus an ellipsis', () => {
    expect(badgeText('short')).toBe('short');
    expect(badgeText('exactly15chars!')).toBe('exactly15chars!');
    expect(badgeText('a-very-long-tag-name')).toBe('a-very-long-tag…');
  });

  it('shows badges until about 10 characters, the rest as +N', () => {
    expect(tagBadges([])).toEqual({ shown: [], more: 0 });
    expect(tagBadges(['wood', 'oak', 'floor', 'dark'])).toEqual({ shown: ['wood', 'oak', 'floor'], more: 1 });
    expect(tagBadges(['a-very-long-tag-name', 'b'])).toEqual({ shown: ['a-very-long-tag…'], more: 1 });
    expect(tagBadges(['ab', 'cd'])).toEqual({ shown: ['ab', 'cd'], more: 0 });
  });
});
