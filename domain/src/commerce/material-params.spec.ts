import { MATERIAL_CLASSES, MATERIAL_CLASS_VALUES, type MaterialClassId, type Quantity } from '@kiln/contracts';
import { GOOD_PARAMS, mm } from './business-fixtures.test-support';
import { materialParamErrors, paramValueIn } from './material-params';

describe('material class parameters (ADR 0028)', () => {
  it.each(MATERIAL_CLASS_VALUES)('%s: sound sizes pass, each required one missing is told', (cls) => {
    expect(materialParamErrors(cls, GOOD_PARAMS[cls])).toEqual([]);
    for (const spec of MATERIAL_CLASSES[cls].params.filter((p) => !p.optional)) {
      const { [spec.key]: _, ...rest } = GOOD_PARAMS[cls];
      expect(materialParamErrors(cls, rest)).toContainEqual({ path: `params.${spec.key}`, message: 'This field is required' });
    }
  });

  it('refuses zero, negative, non-numbers, wrong kinds and unknown keys', () => {
    expect(materialParamErrors('round-bar', { diameter: mm(0), length: mm(-1) })).toEqual([
      { path: 'params.diameter', message: 'Must be greater than 0' },
      { path: 'params.length', message: 'Must be greater than 0' },
    ]);
    expect(materialParamErrors('round-bar', { diameter: { value: 20, unit: 'g' }, length: mm(Number.NaN) })).toEqual([
      { path: 'params.diameter.unit', message: 'Choose a unit of length, such as mm.' },
      { path: 'params.length', message: 'This field is required' },
    ]);
    expect(materialParamErrors('round-bar', { ...GOOD_PARAMS['round-bar'], weightPerPiece: mm(1) })).toEqual([
      { path: 'params.weightPerPiece.unit', message: 'Choose a unit of weight, such as g.' },
    ]);
    expect(materialParamErrors('weight', { colour: mm(1) })).toEqual([{ path: 'params.colour', message: "A weight material has no 'colour' size." }]);
  });

  it('accepts optional sizes left out, and a weight per piece in a mass unit', () => {
    expect(materialParamErrors('volumetric', { width: mm(10) })).toEqual([]);
    expect(materialParamErrors('count', { weightPerPiece: { value: 2, unit: 'kg' } })).toEqual([]);
  });

  it.each<[string, MaterialClassId, Record<string, Quantity>, { path: string; message: string }]>([
    [
      'a tube wall of half its diameter',
      'round-tube',
      { outerDiameter: mm(20), wallThickness: mm(10), length: mm(1) },
      { path: 'params.wallThickness', message: 'The wall must be thinner than half the outer diameter.' },
    ],
    [
      'a wall compared across units',
      'round-tube',
      { outerDiameter: { value: 1, unit: 'in' }, wallThickness: mm(13), length: mm(1) },
      { path: 'params.wallThickness', message: 'The wall must be thinner than half the outer diameter.' },
    ],
    [
      'a square tube wall',
      'square-tube',
      { side: mm(20), wallThickness: mm(11), length: mm(1) },
      { path: 'params.wallThickness', message: 'The wall must be thinner than half the side.' },
    ],
    [
      'a rectangle tube wall against the smaller side',
      'rectangle-tube',
      { width: mm(100), height: mm(20), wallThickness: mm(10), length: mm(1) },
      { path: 'params.wallThickness', message: 'The wall must be thinner than half the smaller of width and height.' },
    ],
    [
      'a hex tube wall',
      'hex-tube',
      { acrossFlats: mm(10), wallThickness: mm(5), length: mm(1) },
      { path: 'params.wallThickness', message: 'The wall must be thinner than half the size across flats.' },
    ],
    [
      'an I-beam web wider than its flange',
      'i-beam',
      { ...GOOD_PARAMS['i-beam'], webThickness: mm(60) },
      { path: 'params.webThickness', message: 'The web thickness must be smaller than the flange width.' },
    ],
    [
      'I-beam flanges filling the height',
      'i-beam',
      { ...GOOD_PARAMS['i-beam'], flangeThickness: mm(50) },
      { path: 'params.flangeThickness', message: 'The two flanges together must be thinner than the height.' },
    ],
    [
      'C-beam flanges filling the height',
      'c-beam',
      { ...GOOD_PARAMS['c-beam'], flangeThickness: mm(60) },
      { path: 'params.flangeThickness', message: 'The two flanges together must be thinner than the height.' },
    ],
    [
      'a T-beam flange as high as the beam',
      't-beam',
      { ...GOOD_PARAMS['t-beam'], flangeThickness: mm(40) },
      { path: 'params.flangeThickness', message: 'The flange thickness must be smaller than the height.' },
    ],
    [
      'an L-beam thicker than its leg',
      'l-beam-equal',
      { ...GOOD_PARAMS['l-beam-equal'], thickness: mm(40) },
      { path: 'params.thickness', message: 'The thickness must be smaller than the leg length.' },
    ],
    [
      'an L-beam short leg longer than the long one',
      'l-beam-different',
      { ...GOOD_PARAMS['l-beam-different'], legB: mm(70) },
      { path: 'params.legB', message: 'The short leg must not be longer than the long leg.' },
    ],
    [
      'an L-beam thicker than its short leg',
      'l-beam-different',
      { ...GOOD_PARAMS['l-beam-different'], thickness: mm(40) },
      { path: 'params.thickness', message: 'The thickness must be smaller than the short leg.' },
    ],
    [
      'a sheet thicker than wide',
      'sheet',
      { width: mm(3), length: mm(100), thickness: mm(5) },
      { path: 'params.thickness', message: 'The thickness must be smaller than the width.' },
    ],
    [
      'a flat strip thicker than wide',
      'linear-flat',
      { width: mm(2), thickness: mm(3) },
      { path: 'params.thickness', message: 'The thickness must be smaller than the width.' },
    ],
  ])('refuses %s', (_, cls, params, error) => {
    expect(materialParamErrors(cls, params)).toEqual([error]);
  });

  it('reads a parameter in another unit', () => {
    expect(paramValueIn({ width: { value: 2, unit: 'cm' } }, 'width', 'mm')).toBe(20);
    expect(paramValueIn({}, 'width', 'mm')).toBeUndefined();
  });
});
