import type { Material } from '@kiln/contracts';
import {
  classDefaults,
  emptyMaterialForm,
  formatDollars,
  formErrorsOf,
  formOfMaterial,
  formPathOf,
  priceError,
  quantityError,
  toCreateBody,
  toUpdateBody,
  type MaterialFormValues,
} from './material-form';

// The wizard's values against the domain's rules (the service's own sentences) and on the way to the API.
function filled(overrides: Partial<MaterialFormValues> = {}): MaterialFormValues {
  return {
    ...emptyMaterialForm(),
    name: ' Steel beam ',
    internalName: 'IPE 200',
    materialClass: 'i-beam',
    ...classDefaults('i-beam'),
    params: {
      height: { value: '200', unit: 'mm' },
      flangeWidth: { value: '100', unit: 'mm' },
      webThickness: { value: '5.6', unit: 'mm' },
      flangeThickness: { value: '8.5', unit: 'mm' },
      length: { value: '6', unit: 'm' },
      weightPerPiece: { value: '', unit: 'g' },
    },
    price: '12.50',
    quantity: '4',
    appearance: [
      { mode: 'color', textureId: null, color: { hex: '#E53935', metallicity: 0.2, roughness: 0.5, opacity: 1 }, materialIndexDirection: ['Z+', 'Z-'] },
      {
        mode: 'color',
        textureId: null,
        color: { hex: '#546E7A', metallicity: 0, roughness: 0.5, opacity: 1 },
        materialIndexDirection: ['X+', 'X-', 'Y+', 'Y-'],
      },
    ],
    ...overrides,
  };
}

describe('material form', () => {
  it('passes the domain rules when every step is filled in', () => {
    const { byField, appearance } = formErrorsOf(filled());
    expect([...byField]).toEqual([]);
    expect(appearance).toEqual([]);
  });

  it("puts each rule's sentence under the form field it belongs to", () => {
    const { byField } = formErrorsOf({ ...emptyMaterialForm(), price: '-1', quantity: '' });
    expect(byField.get('name')).toBe('This field is required');
    expect(byField.get('internalName')).toBe('This field is required');
    expect(byField.get('materialClass')).toBe('This field is required');
    expect(byField.get('priceStrategy')).toBe('This field is required');
    expect(byField.get('price')).toBe('Price must be a positive number');
    expect(byField.get('quantity')).toBe('Quantity is required');
    const beam = formErrorsOf(filled({ quantity: '-2', params: { ...filled().params, height: { value: '', unit: 'mm' } } })).byField;
    expect(beam.get('quantity')).toBe('Quantity cannot be negative');
    expect(beam.get('params.height.value')).toBe('This field is required');
    expect(formPathOf('params.width.unit')).toBe('params.width.unit');
    expect(formPathOf('price.unit')).toBe('priceUnit');
  });

  it('tells the appearance rules apart (direction missing, overlap, coverage)', () => {
    const values = filled();
    const overlap = formErrorsOf({
      ...values,
      appearance: [values.appearance[0], { ...values.appearance[1], materialIndexDirection: ['Z+', 'X+', 'X-', 'Y+'] }],
    }).appearance.map((e) => e.message);
    expect(overlap).toEqual(["Direction 'Z+' is overlapping with entry 1", "Direction Y- wasn't used"]);
  });

  it('sends trimmed text, numbers and the scope; the class is not sent on an update', () => {
    const body = toCreateBody(filled({ tags: [' a ', 'a', ''] }), { teamId: 'b'.repeat(24) });
    expect(body).toMatchObject({
      name: 'Steel beam',
      materialClass: 'i-beam',
      teamId: 'b'.repeat(24),
      tags: ['a'],
      price: { strategy: 'per-length', unit: 'mm', price: 12.5 },
      quantityInStock: { value: 4, unit: 'each' },
    });
    expect(body.params).toEqual({
      height: { value: 200, unit: 'mm' },
      flangeWidth: { value: 100, unit: 'mm' },
      webThickness: { value: 5.6, unit: 'mm' },
      flangeThickness: { value: 8.5, unit: 'mm' },
      length: { value: 6, unit: 'm' },
    });
    expect('materialClass' in toUpdateBody(filled())).toBe(false);
  });

  it('reads an existing material back into the form', () => {
    const material = {
      ...toCreateBody(filled(), {}),
      id: 'f'.repeat(24),
      version: 3,
      timeToReplenish: { value: 2, unit: 'd' },
      scrapPercentage: 5,
      partNumber: null,
      manufacturer: 'ACME',
    } as unknown as Material;
    const form = formOfMaterial(material);
    expect(form).toMatchObject({
      name: 'Steel beam',
      materialClass: 'i-beam',
      price: '12.50',
      quantity: '4',
      scrapPercentage: '5',
      timeToReplenish: '2',
      manufacturer: 'ACME',
      partNumber: '',
    });
    expect(form.params.weightPerPiece).toEqual({ value: '', unit: 'g' });
  });

  it("checks the inline edit with the spec's sentences and shows dollars with two decimals", () => {
    expect(priceError('-0.01')).toBe('Price must be a positive number');
    expect(priceError('')).toBe('Price must be a positive number');
    expect(priceError('3.456')).toBe('Use at most two decimals.');
    expect(priceError('0')).toBeUndefined();
    expect(quantityError('-1')).toBe('Quantity cannot be negative');
    expect(quantityError(' ')).toBe('Quantity is required');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
  });
});
