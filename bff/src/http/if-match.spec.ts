import { versionFromIfMatch } from './if-match';

describe('If-Match on versioned records (ADR 0029)', () => {
  it.each([
    ['"7"', 7],
    ['W/"7"', 7],
    ['7', 7],
    [' "12" ', 12],
  ])('reads %s as version %d', (header, version) => {
    expect(versionFromIfMatch(header)).toBe(version);
  });

  it.each(['*', '"abc"', '"1", "2"', '', '"-1"', '"12345678901"'])('refuses %j with a 400 written for people', (header) => {
    expect(() => versionFromIfMatch(header)).toThrow(
      expect.objectContaining({ status: 400, response: expect.objectContaining({ message: expect.stringContaining('If-Match') }) }),
    );
  });
});
