import type { Direction } from '@kiln/contracts';
import {
  APPEARANCE_MESSAGES,
  appearanceErrors,
  appearanceTypeOf,
  clampUnit,
  entriesForType,
  entryCountOf,
  entryLabels,
  newTextureIds,
  normalizeAppearance,
  switchAppearanceType,
  textureUsableIn,
  unavailableTextureErrors,
  type AppearanceEntryInput,
} from './appearance';

const color = { hex: '#112233', metallicity: 0.5, roughness: 0.5, opacity: 1 };
const tex = (...d: Direction[]): AppearanceEntryInput => ({ mode: 'texture', textureId: '0123456789abcdef01234567', color: null, materialIndexDirection: d });
const col = (...d: Direction[]): AppearanceEntryInput => ({ mode: 'color', textureId: null, color, materialIndexDirection: d });
const SIDES: Direction[] = ['X+', 'X-', 'Y+', 'Y-'];

describe('appearance rules (spec 002 §5)', () => {
  it.each<[string, AppearanceEntryInput[], { path: string; message: string }[]]>([
    ['no appearance at all is allowed', [], []],
    ['mono with all', [tex('all')], []],
    ['two-toned covering every face', [col('Z+', 'Z-'), tex(...SIDES)], []],
    ['custom covering every face', [col('Z+'), col('Z-'), tex(...SIDES)], []],
    [
      'an entry without direction',
      [tex()],
      [
        { path: 'appearance.0.materialIndexDirection', message: 'Direction is required' },
        ...['X+', 'X-', 'Y+', 'Y-', 'Z+', 'Z-'].map((d) => ({ path: 'appearance', message: `Direction ${d} wasn't used` })),
      ],
    ],
    [
      'an entry without direction beside one with all',
      [tex('all'), col()],
      [{ path: 'appearance.1.materialIndexDirection', message: 'Direction is required' }],
    ],
    [
      'texture mode without a texture',
      [{ mode: 'texture', textureId: null, color: null, materialIndexDirection: ['all'] }],
      [{ path: 'appearance.0.textureId', message: 'For texture mode, textureId is required' }],
    ],
    [
      'color mode without a colour',
      [{ mode: 'color', textureId: null, color: null, materialIndexDirection: ['all'] }],
      [{ path: 'appearance.0.color', message: 'For color mode, color is required' }],
    ],
    [
      'a colour entry keeps a texture id it does not need',
      [{ mode: 'color', textureId: '0123456789abcdef01234567', color, materialIndexDirection: ['all'] }],
      [],
    ],
    [
      'a direction in two entries',
      [col('Z+', 'X+'), col('Z-'), tex('X+', 'X-', 'Y+', 'Y-')],
      [{ path: 'appearance.2.materialIndexDirection', message: "Direction 'X+' is overlapping with entry 1" }],
    ],
    [
      'two directions overlapping, each told',
      [col('Z+', 'Z-', 'X+', 'X-'), tex('X+', 'X-', 'Y+', 'Y-')],
      [
        { path: 'appearance.1.materialIndexDirection', message: "Direction 'X+' is overlapping with entry 1" },
        { path: 'appearance.1.materialIndexDirection', message: "Direction 'X-' is overlapping with entry 1" },
      ],
    ],
    [
      'all after an entry with directions',
      [col('Z+'), tex('all')],
      [{ path: 'appearance.1.materialIndexDirection', message: "Direction is overlapping with entry 1 due to 'all'" }],
    ],
    [
      'directions after an entry with all',
      [tex('all'), col('Z+')],
      [{ path: 'appearance.1.materialIndexDirection', message: "Entry 1 is already set to 'all'" }],
    ],
    ['all twice', [tex('all'), col('all')], [{ path: 'appearance.1.materialIndexDirection', message: "Entry 1 is already set to 'all'" }]],
    [
      'all in the third entry names the first entry with directions',
      [col(), col('Z+'), tex('all')],
      [
        { path: 'appearance.0.materialIndexDirection', message: 'Direction is required' },
        { path: 'appearance.2.materialIndexDirection', message: "Direction is overlapping with entry 2 due to 'all'" },
      ],
    ],
    [
      'faces left out',
      [col('Z+'), tex('X+', 'X-')],
      [
        { path: 'appearance', message: "Direction Y+ wasn't used" },
        { path: 'appearance', message: "Direction Y- wasn't used" },
        { path: 'appearance', message: "Direction Z- wasn't used" },
      ],
    ],
    ['a repeated direction inside one entry is not an overlap', [tex('all', 'all')], []],
  ])('%s', (_, entries, expected) => {
    expect(appearanceErrors(entries, 'sheet')).toEqual(expected);
  });

  it('stores an entry with all as only all, and directions once', () => {
    expect(normalizeAppearance([tex('all', 'X+'), tex('X+', 'X+', 'Y-')]).map((e) => e.materialIndexDirection)).toEqual([['all'], ['X+', 'Y-']]);
  });
});

describe('appearance type (spec 002 §4)', () => {
  it.each([
    [0, 'mono'],
    [1, 'mono'],
    [2, 'two-toned'],
    [3, 'custom'],
  ] as const)('%d entries read as %s', (n, type) => expect(appearanceTypeOf(Array(n).fill(tex('all')))).toBe(type));

  it('gives 1, 2 or 3 entries per type, each starting valid once a texture is chosen', () => {
    expect([entryCountOf('mono'), entryCountOf('two-toned'), entryCountOf('custom')]).toEqual([1, 2, 3]);
    for (const type of ['mono', 'two-toned', 'custom'] as const) {
      const entries = entriesForType(type).map((e) => ({ ...e, textureId: '0123456789abcdef01234567' }));
      expect(appearanceErrors(entries, 'sheet')).toEqual([]);
    }
    expect(entryLabels(entriesForType('custom'))).toEqual(['Top face', 'Bottom face', 'Sides']);
    expect(entryLabels(entriesForType('two-toned'))).toEqual(['Main faces', 'Sides']);
  });

  it('switching type resets every texture, textureId and colour', () => {
    const before = [{ ...col('Z+'), texture: { id: 'x', name: 'Oak', preview: null } }, tex('Z-'), tex(...SIDES)];
    const after = switchAppearanceType(before, 'two-toned');
    expect(after).toHaveLength(2);
    for (const entry of after) expect([entry.texture, entry.textureId, entry.color]).toEqual([null, null, null]);
    expect(after.map((e) => e.mode)).toEqual(['color', 'texture']);
  });

  it('clamps sliders to 0–1', () => {
    expect([clampUnit(-1), clampUnit(0.42), clampUnit(7), clampUnit(Number.NaN)]).toEqual([0, 0.42, 1, 0]);
  });
});

describe('textures of the entries (ADR 0064)', () => {
  const T1 = '0123456789abcdef01234567';
  const T2 = '0123456789abcdef01234568';
  const team = { teamId: 'aaaaaaaaaaaaaaaaaaaaaaaa', projectId: null };

  it('only newly named textures are checked, in any mode, once each', () => {
    expect(newTextureIds([], [tex('all')])).toEqual([T1]);
    expect(newTextureIds([{ textureId: T1 }], [{ textureId: T1 }, { textureId: T2 }, { textureId: T2 }, { textureId: null }])).toEqual([T2]);
    expect(newTextureIds([{ textureId: T1 }], [{ textureId: null }])).toEqual([]);
  });

  it("a community texture or one of the material's own scope may paint it; another scope's may not", () => {
    expect(textureUsableIn({ public: true, teamId: null, projectId: null }, team)).toBe(true);
    expect(textureUsableIn({ public: false, ...team }, team)).toBe(true);
    expect(textureUsableIn({ public: false, teamId: null, projectId: null }, team)).toBe(false);
    expect(textureUsableIn({ public: false, teamId: team.teamId, projectId: 'bbbbbbbbbbbbbbbbbbbbbbbb' }, team)).toBe(false);
    expect(textureUsableIn({ public: false, teamId: null, projectId: null }, { teamId: null, projectId: null })).toBe(true);
  });

  it('names the entries of a refused texture with one sentence', () => {
    expect(unavailableTextureErrors([{ textureId: T2 }, { textureId: T1 }], new Set([T1]))).toEqual([
      { path: 'appearance.1.textureId', message: APPEARANCE_MESSAGES.textureUnavailable },
    ]);
  });
});
