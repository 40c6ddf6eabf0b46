import { DomainError } from '../shared/domain-error';
import { MATERIAL_A, MATERIAL_B, serviceBody } from './business-fixtures.test-support';
import {
  addPriceOption,
  assignOptionIds,
  clampPriceValue,
  deletePriceOption,
  distinctMaterialCount,
  priceRange,
  serviceErrors,
  serviceRules,
  type ServiceDraft,
} from './service-rules';

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('serviceRules (spec 002 §5)', () => {
  it('creates a service with cents and option ids', () => {
    const fields = serviceRules.create({ ...serviceBody(), teamId: null, projectId: null });
    expect(fields).toEqual({
      name: 'Laser cutting',
      displayName: null,
      serviceClass: 'area-based-service',
      code: null,
      serviceProvider: null,
      tags: [],
      generalPrice: { cents: 200, unit: 'mm2' },
      prices: [{ id: 'opt-1', label: 'Plywood', price: { cents: 150, unit: 'mm2' }, material: [MATERIAL_A] }],
    });
  });

  it.each<[string, ServiceDraft, { path: string; message: string }[]]>([
    ['no name', { ...serviceBody(), name: '   ' }, [{ path: 'name', message: 'This field is required' }]],
    ['no class', { ...serviceBody(), serviceClass: null, prices: [] }, [{ path: 'serviceClass', message: 'This field is required' }]],
    ['no general price', { ...serviceBody(), generalPrice: null }, [{ path: 'generalPrice', message: 'General Price is required' }]],
    ['a general price without value', { ...serviceBody(), generalPrice: { unit: 'mm2' } }, [{ path: 'generalPrice', message: 'General Price is required' }]],
    [
      'a negative price',
      { ...serviceBody(), generalPrice: { value: -1, unit: 'mm2' } },
      [{ path: 'generalPrice.value', message: 'Price must be a positive number' }],
    ],
    [
      'a unit of another kind',
      { ...serviceBody(), generalPrice: { value: 1, unit: 'mm' } },
      [{ path: 'generalPrice.unit', message: 'Choose a unit of area, such as mm2.' }],
    ],
    [
      'count-based not per each',
      { ...serviceBody('count-based-service'), generalPrice: { value: 1, unit: 'g' } },
      [{ path: 'generalPrice.unit', message: 'Count-based services are priced for each piece: choose the unit each.' }],
    ],
    [
      'an option without material',
      { ...serviceBody(), prices: [{ label: 'x', price: { value: 1, unit: 'mm2' }, material: [] }] },
      [{ path: 'prices.0.material', message: 'Select at least one material' }],
    ],
    [
      'an option with a bad price',
      { ...serviceBody(), prices: [{ label: 'x', price: { value: Number.NaN, unit: 'g' }, material: [MATERIAL_A] }] },
      [
        { path: 'prices.0.price.value', message: 'Price must be a positive number' },
        { path: 'prices.0.price.unit', message: 'Choose a unit of area, such as mm2.' },
      ],
    ],
    [
      'two options with one id',
      {
        ...serviceBody(),
        prices: [
          { id: 'a', label: 'x', price: { value: 1, unit: 'mm2' }, material: [MATERIAL_A] },
          { id: 'a', label: 'y', price: { value: 1, unit: 'mm2' }, material: [MATERIAL_A] },
        ],
      },
      [{ path: 'prices.1.id', message: 'Two price options have the same id.' }],
    ],
  ])('refuses %s', (_, draft, errors) => {
    expect(serviceErrors(draft)).toEqual(errors);
  });

  it('accepts each for count-based services', () => {
    expect(serviceErrors({ ...serviceBody('count-based-service'), prices: [] })).toEqual([]);
  });

  it('refuses with the first message and all field errors', () => {
    const error = refusal(() =>
      serviceRules.create({ ...serviceBody(), generalPrice: null, prices: [{ label: '', price: { value: 1, unit: 'mm2' }, material: [] }] }),
    );
    expect([error.kind, error.message, error.errors?.length]).toEqual(['invalid', 'General Price is required', 2]);
  });

  it('locks the class on edit, keeps option ids and numbers new options on', () => {
    const current = serviceRules.create(serviceBody());
    expect(refusal(() => serviceRules.update(current, { serviceClass: 'time-based-service' })).message).toBe(
      'The service class cannot be changed once the service exists. Create a new service for another class.',
    );
    const next = serviceRules.update(current, {
      serviceClass: 'area-based-service',
      prices: [
        { label: 'MDF', price: { value: 1, unit: 'cm2' }, material: [MATERIAL_B] },
        ...current.prices.map((o) => ({ ...o, price: { value: o.price.cents / 100, unit: o.price.unit } })),
      ],
    });
    expect(next.prices.map((o) => o.id)).toEqual(['opt-2', 'opt-1']);
  });

  it('assigns ids purely from what is known', () => {
    expect(assignOptionIds([{ id: null }, { id: 'opt-7' }, {}], [{ id: 'opt-3' }]).map((o) => o.id)).toEqual(['opt-8', 'opt-7', 'opt-9']);
  });

  it('counts distinct materials and the price range in cents', () => {
    const fields = serviceRules.create({
      ...serviceBody(),
      prices: [
        { label: 'a', price: { value: 0.5, unit: 'mm2' }, material: [MATERIAL_A, MATERIAL_B] },
        { label: 'b', price: { value: 9, unit: 'mm2' }, material: [MATERIAL_A] },
      ],
    });
    expect(distinctMaterialCount(fields)).toBe(2);
    expect(priceRange(fields)).toEqual({ min: 50, max: 900 });
  });
});

describe('service dialog helpers (spec 002 §4–§5)', () => {
  it('clamps typed values', () => {
    expect([clampPriceValue(-3), clampPriceValue(2.5), clampPriceValue(Number.NaN), clampPriceValue(Infinity)]).toEqual([0, 2.5, 0, 0]);
  });

  it('adds an option at the top and selects it', () => {
    expect(addPriceOption(['a', 'b'], 'new')).toEqual({ options: ['new', 'a', 'b'], selected: 0 });
  });

  it.each<[string[], number, number | null, string[], number | null]>([
    [['a', 'b', 'c'], 1, 1, ['a', 'c'], 1],
    [['a', 'b', 'c'], 2, 2, ['a', 'b'], 1],
    [['a'], 0, 0, [], null],
    [['a', 'b', 'c'], 0, 2, ['b', 'c'], 1],
    [['a', 'b', 'c'], 2, 0, ['a', 'b'], 0],
    [['a', 'b'], 0, null, ['b'], null],
  ])('deleting from %j at %d (selected %s) leaves %j selecting %s', (options, index, selected, rest, next) => {
    expect(deletePriceOption(options, index, selected)).toEqual({ options: rest, selected: next });
  });
});
