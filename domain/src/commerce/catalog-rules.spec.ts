import type { CatalogModel } from '@kiln/contracts';
import { DomainError } from '../shared/domain-error';
import { MATERIAL_A } from './business-fixtures.test-support';
import { catalogRules, normalizeModelId, recipeErrors, type RecipeRefs } from './catalog-rules';

const MODEL_ID = '0123456789abcdef01234567';
const model: CatalogModel = { id: MODEL_ID, name: 'Chair', preview: null, author: { id: 'cccccccccccccccccccccccc', fullName: 'Ann' }, exists: true };
const SERVICE = 'dddddddddddddddddddddddd';
const refs: RecipeRefs = {
  materials: new Map([[MATERIAL_A, { materialClass: 'sheet' as const }]]),
  services: new Map([[SERVICE, { serviceClass: 'time-based-service' as const, optionIds: ['opt-1'] }]]),
};

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('catalogRules (spec 002 §5)', () => {
  it('adds a model with its name and price 0 by default', () => {
    expect(catalogRules.create({ body: { modelId: MODEL_ID, price: 0 }, model })).toEqual({
      name: 'Chair',
      modelId: MODEL_ID,
      model,
      priceCents: 0,
      recipe: { materials: [], services: [], marginPercent: 0 },
    });
  });

  it('accepts model ids in any case, trimmed', () => {
    expect(normalizeModelId(' 0123456789ABCDEF01234567 ')).toBe(MODEL_ID);
    expect(normalizeModelId('M20250000000')).toBeNull();
    expect(normalizeModelId('0123456789abcdef0123456g')).toBeNull();
    expect(
      catalogRules.create({ body: { modelId: MODEL_ID.toUpperCase(), price: 1.5, name: '  Stool ' }, model: { ...model, id: MODEL_ID.toUpperCase() } }),
    ).toMatchObject({ modelId: MODEL_ID, name: 'Stool', priceCents: 150, model: { id: MODEL_ID } });
  });

  it.each<[string, Parameters<typeof catalogRules.create>[0]]>([
    ['a malformed id', { body: { modelId: 'nope', price: 0 }, model }],
    ['a model not found', { body: { modelId: MODEL_ID, price: 0 }, model: null }],
    ['a deleted model', { body: { modelId: MODEL_ID, price: 0 }, model: { ...model, exists: false } }],
    ['another model than the id', { body: { modelId: 'ffffffffffffffffffffffff', price: 0 }, model }],
  ])('refuses %s with the spec sentence', (_, input) => {
    const error = refusal(() => catalogRules.create(input));
    expect(error.message).toBe('Wrong model ID or the model no longer exists');
    expect(error.errors).toEqual([{ path: 'modelId', message: 'Wrong model ID or the model no longer exists' }]);
  });

  it('refuses short names (trimmed) and negative prices', () => {
    expect(refusal(() => catalogRules.create({ body: { modelId: MODEL_ID, price: 0 }, model: { ...model, name: 'ab' } })).message).toBe(
      'Name should be at least 3 characters',
    );
    const current = catalogRules.create({ body: { modelId: MODEL_ID, price: 0 }, model });
    expect(refusal(() => catalogRules.update(current, { changes: { name: '  ab  ' } })).message).toBe('Name should be at least 3 characters');
    expect(refusal(() => catalogRules.update(current, { changes: { price: -1 } })).message).toBe('Price must be a positive number');
    expect(catalogRules.update(current, { changes: { name: ' Big chair ', price: 10.1 } })).toMatchObject({ name: 'Big chair', priceCents: 1010 });
  });

  it('keeps the model copy fresh when the workspace says so, never changing its id', () => {
    const current = catalogRules.create({ body: { modelId: MODEL_ID, price: 0 }, model });
    expect(catalogRules.update(current, { changes: {}, model: { ...model, name: 'Armchair', exists: false } }).model).toEqual({
      ...model,
      name: 'Armchair',
      exists: false,
    });
  });

  it('checks recipe lines against the materials and services they name', () => {
    const recipe = {
      materials: [
        { materialId: MATERIAL_A, quantity: { value: 0.5, unit: 'm2' as const } },
        { materialId: MATERIAL_A, quantity: { value: 1, unit: 'l' as const } },
        { materialId: MATERIAL_A },
        { materialId: 'eeeeeeeeeeeeeeeeeeeeeeee', quantity: { value: 1, unit: 'each' as const } },
        { materialId: MATERIAL_A, params: { width: { value: 10, unit: 'mm' as const } } },
      ],
      services: [
        { serviceId: SERVICE, quantity: { value: 2, unit: 'h' as const }, priceOptionId: 'opt-1' },
        { serviceId: SERVICE, quantity: { value: 0, unit: 'mm' as const }, priceOptionId: 'opt-9' },
      ],
      marginPercent: 10,
    };
    expect(recipeErrors(recipe, refs)).toEqual([
      { path: 'recipe.materials.1.quantity.unit', message: 'Choose a unit of count or area or weight.' },
      { path: 'recipe.materials.2', message: "Enter a quantity or the piece's sizes." },
      { path: 'recipe.materials.3.materialId', message: 'This material no longer exists.' },
      { path: 'recipe.materials.4.params.length', message: 'This field is required' },
      { path: 'recipe.materials.4.params.thickness', message: 'This field is required' },
      { path: 'recipe.services.1.quantity.value', message: 'Must be greater than 0' },
      { path: 'recipe.services.1.quantity.unit', message: 'Choose a unit of time.' },
      { path: 'recipe.services.1.priceOptionId', message: 'This price option no longer exists.' },
    ]);
    const current = catalogRules.create({ body: { modelId: MODEL_ID, price: 0 }, model });
    const next = catalogRules.update(current, {
      changes: { recipe: { materials: [recipe.materials[0]], services: [recipe.services[0]], marginPercent: 10 } },
      refs,
    });
    expect(next.recipe).toEqual({
      materials: [{ materialId: MATERIAL_A, quantity: { value: 0.5, unit: 'm2' }, params: null }],
      services: [{ serviceId: SERVICE, quantity: { value: 2, unit: 'h' }, priceOptionId: 'opt-1' }],
      marginPercent: 10,
    });
  });
});
