import { changeLines, MATERIAL_FIELDS, recordRows, SERVICE_FIELDS, verbOf } from './record-fields';

// The History dialog reads the API's `changes` (contract field names, money in dollars) in words (issue 8).
describe('record fields in words', () => {
  it('reads a material change as label, from and to, money in US dollars with two decimals', () => {
    const lines = changeLines(MATERIAL_FIELDS, {
      quantityInStock: { from: { value: 5, unit: 'each' }, to: { value: 0, unit: 'each' } },
      price: { from: { strategy: 'per-piece', unit: 'each', price: 20 }, to: { strategy: 'per-piece', unit: 'each', price: 18.5 } },
      partNumber: { from: null, to: 'PN-7' },
    });
    expect(lines).toEqual([
      { field: 'partNumber', label: 'Part number', from: 'nothing', to: 'PN-7' },
      { field: 'price', label: 'Price', from: '$20.00 / each', to: '$18.50 / each' },
      { field: 'quantityInStock', label: 'Quantity in stock', from: '5 each', to: '0 each' },
    ]);
  });

  it('reads service prices and options, and leaves out what reads the same on both sides', () => {
    const lines = changeLines(SERVICE_FIELDS, {
      generalPrice: { from: { value: 5, unit: 'm2' }, to: { value: 7.25, unit: 'm2' } },
      prices: {
        from: [{ id: 'a', label: 'Thin', price: { value: 3, unit: 'each' }, material: [] }],
        to: [{ id: 'b', label: 'Thin', price: { value: 3, unit: 'each' }, material: [] }],
      },
    });
    expect(lines).toEqual([{ field: 'generalPrice', label: 'General price', from: '$5.00 / m²', to: '$7.25 / m²' }]);
  });

  it('lists a record at a version field by field, and names the verbs', () => {
    const rows = recordRows(SERVICE_FIELDS, {
      name: 'Laser cutting',
      displayName: null,
      serviceClass: 'count-based-service',
      tags: [],
      generalPrice: { value: 5, unit: 'each' },
      prices: [],
    });
    expect(rows.map((r) => `${r.label}: ${r.value}`)).toEqual([
      'Name: Laser cutting',
      'Display name: nothing',
      'Service class: Count based',
      'Code: nothing',
      'Service provider: nothing',
      'Tags: nothing',
      'General price: $5.00 / each',
      'Price options: nothing',
    ]);
    expect([verbOf('material.created'), verbOf('service.updated'), verbOf('odd')]).toEqual(['created it', 'changed', 'odd']);
  });
});
