import { MATERIAL_CLASS_VALUES } from '@kiln/contracts';
import { DomainError } from '../shared/domain-error';
import { GOOD_PARAMS, materialBody } from './business-fixtures.test-support';
import { changeDraftClass, materialDerived, materialErrors, materialRules, materialStepErrors, newMaterialDraft, type MaterialDraft } from './material-rules';

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('materialRules (spec 002 §5)', () => {
  it.each(MATERIAL_CLASS_VALUES)('creates a valid %s material with money in cents', (cls) => {
    const fields = materialRules.create({ ...materialBody(cls), teamId: null });
    expect(fields.price.cents).toBe(1250);
    expect(fields).not.toHaveProperty('teamId');
    expect(fields.params).toEqual(GOOD_PARAMS[cls]);
  });

  it('trims names and tags, and stores an empty part number as null', () => {
    const fields = materialRules.create({ ...materialBody(), name: '  Birch  ', partNumber: '  ', tags: [' a ', '', 'a', 'b'] });
    expect([fields.name, fields.partNumber, fields.tags]).toEqual(['Birch', null, ['a', 'b']]);
  });

  it('tells every field at once, the first as the message', () => {
    const error = refusal(() =>
      materialRules.create({
        ...materialBody(),
        name: '  ',
        internalName: '',
        price: { strategy: 'per-area', unit: 'mm2', price: -1 },
        quantityInStock: { value: -2, unit: 'each' },
      }),
    );
    expect(error.kind).toBe('invalid');
    expect(error.message).toBe('This field is required');
    expect(error.errors).toEqual([
      { path: 'name', message: 'This field is required' },
      { path: 'internalName', message: 'This field is required' },
      { path: 'price.price', message: 'Price must be a positive number' },
      { path: 'quantityInStock.value', message: 'Quantity cannot be negative' },
    ]);
  });

  it.each<[string, MaterialDraft, { path: string; message: string }]>([
    ['a missing class', { ...materialBody(), materialClass: null }, { path: 'materialClass', message: 'This field is required' }],
    ['an unknown class', { ...materialBody(), materialClass: 'plasma' }, { path: 'materialClass', message: 'Choose a material class from the list.' }],
    ['a missing strategy', { ...materialBody(), price: { unit: 'mm2', price: 1 } }, { path: 'price.strategy', message: 'This field is required' }],
    [
      'a strategy the class does not offer',
      { ...materialBody('weight'), price: { strategy: 'per-length', unit: 'mm', price: 1 } },
      { path: 'price.strategy', message: 'Weight materials cannot be priced per length.' },
    ],
    [
      'a price unit of another kind',
      { ...materialBody(), price: { strategy: 'per-area', unit: 'mm', price: 1 } },
      { path: 'price.unit', message: 'Choose a unit of area, such as mm2.' },
    ],
    [
      'a per-piece price not for each',
      { ...materialBody(), price: { strategy: 'per-piece', unit: 'g', price: 1 } },
      { path: 'price.unit', message: 'This is priced for each piece: choose the unit each.' },
    ],
    [
      'a missing price',
      { ...materialBody(), price: { strategy: 'per-area', unit: 'mm2', price: null } },
      { path: 'price.price', message: 'Price must be a positive number' },
    ],
    [
      'three decimals',
      { ...materialBody(), price: { strategy: 'per-area', unit: 'mm2', price: 1.005 } },
      { path: 'price.price', message: 'Use at most two decimals.' },
    ],
    [
      'a missing quantity',
      { ...materialBody(), quantityInStock: { value: null, unit: 'each' } },
      { path: 'quantityInStock.value', message: 'Quantity is required' },
    ],
    [
      'a stock unit of another kind',
      { ...materialBody('volumetric'), quantityInStock: { value: 1, unit: 'g' } },
      { path: 'quantityInStock.unit', message: 'Choose a unit of volume, such as ml.' },
    ],
    [
      'half a piece in stock',
      { ...materialBody(), quantityInStock: { value: 1.5, unit: 'each' } },
      { path: 'quantityInStock.value', message: 'Enter a whole number of pieces.' },
    ],
    ['negative scrap', { ...materialBody(), scrapPercentage: -1 }, { path: 'scrapPercentage', message: 'Must not be negative.' }],
    ['scrap above 100 %', { ...materialBody(), scrapPercentage: 101 }, { path: 'scrapPercentage', message: 'At most 100 %.' }],
    ['21 tags', { ...materialBody(), tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, { path: 'tags', message: 'At most 20 tags.' }],
    [
      'a missing size',
      { ...materialBody(), params: { width: { value: 1, unit: 'm' }, thickness: { value: 1, unit: 'mm' } } },
      { path: 'params.length', message: 'This field is required' },
    ],
    [
      'an appearance leaving faces out',
      {
        ...materialBody(),
        appearance: [
          { mode: 'color', color: { hex: '#000000', metallicity: 0, roughness: 0, opacity: 1 }, materialIndexDirection: ['X+', 'X-', 'Y+', 'Y-', 'Z+'] },
        ],
      },
      { path: 'appearance', message: "Direction Z- wasn't used" },
    ],
  ])('refuses %s', (_, draft, error) => {
    expect(materialErrors(draft)).toEqual([error]);
  });

  it('a half volume of a volumetric material is fine (only pieces are whole)', () => {
    expect(materialErrors({ ...materialBody('volumetric'), quantityInStock: { value: 0.5, unit: 'l' } })).toEqual([]);
  });

  it('updates only what is sent (inline edit of price and quantity) and keeps the rest', () => {
    const current = materialRules.create(materialBody());
    const next = materialRules.update(current, { price: { strategy: 'per-area', unit: 'm2', price: 30 }, quantityInStock: { value: 0, unit: 'each' } });
    expect(next).toEqual({ ...current, price: { strategy: 'per-area', unit: 'm2', cents: 3000 }, quantityInStock: { value: 0, unit: 'each' } });
    expect(materialRules.update(current, { partNumber: null })).toEqual(current);
  });

  it('refuses an inline edit to a negative quantity with the spec sentence', () => {
    const current = materialRules.create(materialBody());
    expect(refusal(() => materialRules.update(current, { quantityInStock: { value: -1, unit: 'each' } })).message).toBe('Quantity cannot be negative');
  });

  it('locks the class once the material exists', () => {
    const current = materialRules.create(materialBody());
    expect(materialRules.update(current, { materialClass: 'sheet', name: 'Oak' }).name).toBe('Oak');
    const error = refusal(() => materialRules.update(current, { materialClass: 'weight' }));
    expect(error.message).toBe('The material class cannot be changed once the material exists. Create a new material for another class.');
    expect(error.errors).toEqual([{ path: 'materialClass', message: error.message }]);
  });

  it('validates the wizard step by step', () => {
    const draft: MaterialDraft = { name: 'Oak', internalName: 'OAK', ...newMaterialDraft('round-bar') };
    expect(materialStepErrors('creation', draft)).toEqual([]);
    expect(materialStepErrors('details', draft).map((e) => e.path)).toEqual(['params.diameter', 'params.length', 'price.price']);
    expect(materialStepErrors('availability', draft)).toEqual([{ path: 'quantityInStock.value', message: 'Quantity is required' }]);
    expect(materialStepErrors('appearance', draft)).toEqual([]);
  });

  it('changing the class of a new material clears its sizes and resets units', () => {
    const draft: MaterialDraft = { ...materialBody('sheet'), quantityInStock: { value: 3, unit: 'each' } };
    const changed = changeDraftClass(draft, 'volumetric');
    expect(changed.params).toEqual({});
    expect(changed.price).toEqual({ strategy: 'per-volume', unit: 'ml', price: 12.5 });
    expect(changed.quantityInStock).toEqual({ value: 3, unit: 'ml' });
    expect(changed.name).toBe('Birch plywood');
  });

  it('derives kind, category and stock state', () => {
    expect(materialDerived({ materialClass: 'linear-round', quantityInStock: { value: 0, unit: 'm' } })).toEqual({
      kind: 'length',
      category: 'linear',
      inStock: false,
    });
  });
});
