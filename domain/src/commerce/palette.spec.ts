import { PALETTE, PALETTE_FAMILIES, paletteColorOf } from './palette';

describe('palette (spec 002 §3)', () => {
  it('has every named family in 8 shades, lightest first', () => {
    expect(PALETTE).toHaveLength(PALETTE_FAMILIES.length * 8);
    expect(PALETTE.filter((c) => c.family === 'Red').map((c) => c.name)).toEqual(['Red 1', 'Red 2', 'Red 3', 'Red 4', 'Red 5', 'Red 6', 'Red 7', 'Red 8']);
    for (const name of ['Deep red', 'Magenta', 'Sky blue', 'Tomato', 'Blue gray']) expect(PALETTE.some((c) => c.name === `${name} 8`)).toBe(true);
    const brightness = (hex: string) => [1, 3, 5].reduce((sum, i) => sum + parseInt(hex.slice(i, i + 2), 16), 0);
    for (const family of PALETTE_FAMILIES) {
      const shades = PALETTE.filter((c) => c.family === family.family).map((c) => brightness(c.hex));
      expect([...shades].sort((a, b) => b - a)).toEqual(shades);
    }
  });

  it('has well-formed hex colours, shade 5 the base, findable in any case', () => {
    for (const c of PALETTE) expect(c.hex).toMatch(/^#[0-9A-F]{6}$/);
    expect(paletteColorOf('#e53935')?.name).toBe('Red 5');
  });
});
