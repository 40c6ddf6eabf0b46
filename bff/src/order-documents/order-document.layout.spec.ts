import { ORDER_DOCUMENT_MAX_LINES } from '@kiln/contracts';
import { aQuote, anOrder } from './order-document.fixtures.test-support';
import { dealOf, documentLines, layoutOrderDocument } from './order-document.layout';

const linesOf = (source: Parameters<typeof dealOf>[0], timeZone?: string) => documentLines(layoutOrderDocument(dealOf(source)!, { timeZone }));

describe('order document layout (spec 002 §9, ADR 0059)', () => {
  it('an order: details, customer, both bills grouped by class, subtotal, margin and total in US dollars', () => {
    const lines = linesOf({ kind: 'order', order: anOrder() });
    expect(lines.slice(0, 9)).toEqual([
      `Order ${anOrder().id}`,
      'Garden bench',
      'Product: Garden bench',
      `Order ID: ${anOrder().id}`,
      'Status: Accepted',
      'Quantity: 3',
      'Date submitted: 09:05 — Nov 6, 2026',
      // created + 14 days (spec 002 §9)
      'Est. Lead time: 09:05 — Nov 20, 2026',
      'Customer',
    ]);
    expect(lines).toEqual(
      expect.arrayContaining(['Full name: Zoë Ångström', 'Email: zoe@example.com', 'Phone: +1 555-0100', 'Bill of materials', 'Bill of services']),
    );
    const bom = lines.indexOf('Bill of materials');
    expect(lines.slice(bom + 1, bom + 9)).toEqual([
      'Material | Quantity | Price',
      'Sheet',
      'Oak board 18 mm | 19.787 m2 | $900.30',
      'Group total | $900.30',
      'Weight',
      'Wood glue | 2.5 kg | $30.00',
      'Group total | $30.00',
      'Bill of services',
    ]);
    expect(lines).toContain('Time based');
    expect(lines).toContain('CNC cutting | 2.5 h | $73.38 / h | $183.45');
    // Subtotal = materials + services; Total = totalPrice × quantity (spec 002 §3).
    expect(lines).toEqual(expect.arrayContaining(['Subtotal: $1,113.75', 'Margin: $123.75', 'Total: $1,237.50']));
    expect(lines).not.toContain('No data available');
  });

  it('the Materials page lists every material with its class, parameters, price, scrap and remainders; then created details and provided services', () => {
    const document = layoutOrderDocument(dealOf({ kind: 'order', order: anOrder() })!);
    expect(document.pages).toHaveLength(2);
    expect(document.title).toBe(`Order-${anOrder().id}`);
    const page = documentLines({ ...document, pages: [document.pages[1]!] });
    expect(page[0]).toBe('Materials');
    expect(page).toEqual(
      expect.arrayContaining([
        'Oak board 18 mm',
        'Internal name: OAK-18',
        'Class: Sheet',
        'Part number: PN-77',
        'Manufacturer: Timber & Co',
        'Parameters: Width 1,200 mm, Length 2,400 mm, Thickness 18 mm',
        'Price: $45.50 / m2',
        'Scrap: 10%',
        'Remainders: 300 × 1,200 mm ($16.38)',
        'Part number: —',
        'Created details',
        'Garden bench × 3',
        'Provided services',
        'CNC cutting: 2.5 h',
      ]),
    );
  });

  it("dates follow the asked time zone; the expected date shows only while the status says 'needed'", () => {
    const order = anOrder();
    expect(linesOf({ kind: 'order', order }, 'Asia/Tokyo')).toContain('Date submitted: 18:05 — Nov 6, 2026');
    expect(linesOf({ kind: 'order', order }).some((l) => l.startsWith('Date expected'))).toBe(false);
    const quote = aQuote({ status: 'quotationNeeded', revisions: [] });
    expect(linesOf({ kind: 'quote', quote })).toContain('Date expected: 10:00 — Nov 14, 2026');
  });

  it("a quote's frozen revision: its own quantity, totals and bills (empty ones say 'No data available'), its number and dates", () => {
    const quote = aQuote();
    const lines = linesOf({ kind: 'quote', quote, revision: 1 });
    expect(lines[0]).toBe(`Quote ${quote.id}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        `Quote ID: ${quote.id}`,
        'Status: Quotation sent',
        'Quantity: 2',
        'Revision: 1',
        'Sent: 12:00 — Nov 6, 2026',
        'Expires: 12:00 — Nov 13, 2026',
        'Subtotal: $0.00',
        'Margin: $100.00',
        'Total: $800.00',
      ]),
    );
    const bom = lines.indexOf('Bill of materials');
    expect(lines.slice(bom, bom + 3)).toEqual(['Bill of materials', 'Material | Quantity | Price', 'No data available']);
    const bos = lines.indexOf('Bill of services');
    expect(lines.slice(bos, bos + 3)).toEqual(['Bill of services', 'Service | Quantity | Unit price | Price', 'No data available']);
    // The Materials page, created details and provided services are empty too.
    expect(lines.slice(lines.indexOf('Materials'))).toEqual([
      'Materials',
      `Quote ${quote.id}`,
      'No data available',
      'Created details',
      'No data available',
      'Provided services',
      'No data available',
    ]);
    // The quote as it is now still has its bills; a revision it does not have is none.
    expect(linesOf({ kind: 'quote', quote })).toContain('Oak board 18 mm | 19.787 m2 | $900.30');
    expect(dealOf({ kind: 'quote', quote, revision: 2 })).toBeNull();
  });

  it('lines that could not be priced are listed, not dropped', () => {
    const order = anOrder({
      missing: [{ line: 'materials.2', kind: 'material', id: 'x', message: 'This material no longer exists, so its line is not priced.' }],
    });
    const lines = linesOf({ kind: 'order', order });
    expect(lines.slice(lines.indexOf('Lines not priced'), lines.indexOf('Lines not priced') + 2)).toEqual([
      'Lines not priced',
      'materials.2: This material no longer exists, so its line is not priced.',
    ]);
  });

  it('a huge bill is bounded: the first lines drawn, the rest counted', () => {
    const base = anOrder();
    const line = base.billOfMaterials.groups[1]!.materials[0]!;
    const many = Array.from({ length: ORDER_DOCUMENT_MAX_LINES + 7 }, () => line);
    const order = anOrder({ billOfMaterials: { ...base.billOfMaterials, groups: [{ materialClass: 'weight', total: 1, materials: many }] } });
    const lines = linesOf({ kind: 'order', order });
    expect(lines.filter((l) => l === 'Wood glue | 2.5 kg | $30.00')).toHaveLength(ORDER_DOCUMENT_MAX_LINES);
    expect(lines).toContain("… and 7 more lines (shown on the order's page).");
  });
});
