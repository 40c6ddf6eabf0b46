import { normalizeFullName, registerUser, updateProfile, userDataShort } from './user.aggregate';

const PALETTE = ['#E57373', '#64B5F6', '#81C784', '#FFB74D', '#BA68C8', '#4DB6AC', '#F06292', '#7986CB'];
const anId = (n = 1) => n.toString(16).padStart(24, '0');

describe('userDataShort (spec 000 §3)', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada lovelace', 'AL'],
    ['Jean Paul Sartre', 'JS'],
    ['  Grace   Hopper  ', 'GH'],
    ['Plato', 'PL'],
    ['x', 'X'],
    ['Émile Zola', 'ÉZ'],
    ['', '?'],
    ['   ', '?'],
  ])('initials of %j are %j', (fullName, initials) => {
    expect(userDataShort(fullName, anId()).initials).toBe(initials);
  });

  it('gives a palette colour that depends on the id only', () => {
    const id = '65f0c0ffee0000000000abcd';
    const { color } = userDataShort('Ada Lovelace', id);
    expect(PALETTE).toContain(color);
    expect(userDataShort('Someone Else', id).color).toBe(color);
    expect(userDataShort('Ada Lovelace', id).color).toBe(color);
  });

  it('spreads different ids over the palette', () => {
    const colors = new Set(Array.from({ length: 64 }, (_, i) => userDataShort('A B', anId(i)).color));
    expect(colors.size).toBeGreaterThan(1);
    for (const c of colors) expect(PALETTE).toContain(c);
  });
});

describe('registerUser', () => {
  it('records workspace.user.registered.v2 with ids and times only: no name or e-mail in the event', () => {
    const now = new Date('2024-05-01T10:00:00Z');
    const event = registerUser({ id: anId(7), now });
    expect(event).toEqual({
      type: 'workspace.user.registered.v2',
      aggregateType: 'user',
      aggregateId: anId(7),
      data: { user: { id: anId(7), createdAt: now } },
    });
  });

  it('stores the full name trimmed', () => {
    expect(normalizeFullName('  Ada Lovelace ')).toBe('Ada Lovelace');
  });
});

describe('updateProfile (PATCH /api/auth/me)', () => {
  it('keeps the trimmed name and tells only who and when', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(updateProfile({ id: 'u1', fullName: '  Ada King  ', now })).toEqual({
      fullName: 'Ada King',
      event: { type: 'workspace.user.profile-updated.v1', aggregateType: 'user', aggregateId: 'u1', data: { user: { id: 'u1', updatedAt: now } } },
    });
  });

  it('refuses an empty name with the spec message', () => {
    expect(() => updateProfile({ id: 'u1', fullName: '   ', now: new Date() })).toThrow('This field is required');
  });
});
