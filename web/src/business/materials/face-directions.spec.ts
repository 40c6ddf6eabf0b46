import type { AppearanceEntry } from '@kiln/contracts';
import { directionIndexOf, finishesByDirection, NEUTRAL_FINISH } from './face-directions';

// Which colour each face of the preview shows. (The shapes themselves need three.js, which jest here cannot load
// as an ES module; the browser test draws them.)
const red = { hex: '#E53935', metallicity: 0.5, roughness: 0.2, opacity: 1 };
const gray = { hex: '#546E7A', metallicity: 0, roughness: 0.5, opacity: 0.5 };
const entry = (color: typeof red | null, directions: AppearanceEntry['materialIndexDirection'], mode: 'color' | 'texture' = 'color'): AppearanceEntry => ({
  mode,
  textureId: null,
  color,
  materialIndexDirection: directions,
});

describe('preview face directions', () => {
  it('maps a normal to X+, X-, Y+, Y-, Z+ or Z- by its main axis', () => {
    expect([
      directionIndexOf(1, 0.2, 0),
      directionIndexOf(-1, 0, 0),
      directionIndexOf(0, 2, 1),
      directionIndexOf(0, -1, 0),
      directionIndexOf(0, 0.1, 3),
      directionIndexOf(0, 0, -1),
    ]).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('paints each direction with its entry (two-toned: main faces Z±, sides X± Y±)', () => {
    expect(finishesByDirection([entry(red, ['Z+', 'Z-']), entry(gray, ['X+', 'X-', 'Y+', 'Y-'])])).toEqual([gray, gray, gray, gray, red, red]);
  });

  it("uses an 'all' entry where no other names the direction, and grey for textures and unpainted faces", () => {
    expect(finishesByDirection([entry(red, ['all'])])).toEqual(Array(6).fill(red));
    expect(finishesByDirection([entry(red, ['Z+']), entry(null, ['all'], 'texture')])).toEqual([
      NEUTRAL_FINISH,
      NEUTRAL_FINISH,
      NEUTRAL_FINISH,
      NEUTRAL_FINISH,
      red,
      NEUTRAL_FINISH,
    ]);
    expect(finishesByDirection([])).toEqual(Array(6).fill(NEUTRAL_FINISH));
  });
});

describe('preview faces with textures (ADR 0064)', () => {
  it('a texture-mode entry shows its texture once read; until then, or gone, the neutral grey', () => {
    const T = '0123456789abcdef01234567';
    const textured: AppearanceEntry = { mode: 'texture', textureId: T, color: null, materialIndexDirection: ['Z+', 'Z-'] };
    const sides = entry(red, ['X+', 'X-', 'Y+', 'Y-']);
    expect(finishesByDirection([textured, sides], (id) => id === T)).toEqual([red, red, red, red, { textureId: T }, { textureId: T }]);
    expect(finishesByDirection([textured, sides], () => false)).toEqual([red, red, red, red, NEUTRAL_FINISH, NEUTRAL_FINISH]);
  });
});
