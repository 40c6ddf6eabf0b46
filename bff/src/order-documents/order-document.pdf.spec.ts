import { ORDER_DOCUMENT_MAX_LINES } from '@kiln/contracts';
import { aQuote, anOrder } from './order-document.fixtures.test-support';
import { dealOf, layoutOrderDocument } from './order-document.layout';
import { renderOrderDocument } from './order-document.pdf';
import { pdfInfo, pdfText } from './pdf-text.test-support';

const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('order document PDF (spec 002 §9, ADR 0059)', () => {
  it('is an A4 PDF whose text pdftotext reads back: titles, customer, bills by group, totals, the Materials page', async () => {
    const order = anOrder();
    const pdf = await renderOrderDocument(layoutOrderDocument(dealOf({ kind: 'order', order })!));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const info = pdfInfo(pdf);
    expect(info['Page size']).toMatch(/^595\.2\d* x 841\.8\d* pts \(A4\)/);
    expect(info.Title).toBe(`Order-${order.id}`);
    expect(Number(info.Pages)).toBe(2);

    const text = squash(pdfText(pdf));
    for (const words of [
      `Order ${order.id}`,
      'Zoë Ångström',
      'zoe@example.com',
      'Date submitted 09:05 — Nov 6, 2026',
      'Bill of materials',
      'Sheet',
      'Oak board 18 mm 19.787 m2 $900.30',
      'Bill of services',
      'Time based',
      'CNC cutting 2.5 h $73.38 / h $183.45',
      'Subtotal $1,113.75',
      'Margin $123.75',
      'Total $1,237.50',
      'Materials',
      'Remainders 300 × 1,200 mm ($16.38)',
      'Created details',
      'Garden bench × 3',
      'Provided services',
      'Page 1 of 2',
      'Page 2 of 2',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('No data available');
  });

  it("an empty bill says 'No data available'", async () => {
    const quote = aQuote();
    const text = squash(pdfText(await renderOrderDocument(layoutOrderDocument(dealOf({ kind: 'quote', quote, revision: 1 })!))));
    expect(text).toContain(`Quote ${quote.id}`);
    expect(text).toMatch(/Bill of materials Material Quantity Price No data available/);
    expect(text).toMatch(/Bill of services Service Quantity Unit price Price No data available/);
    expect(text).toContain('Total $800.00');
  });

  it('a bill at the line limit breaks over pages and stays a few hundred KB', async () => {
    const base = anOrder();
    const line = base.billOfMaterials.groups[0]!.materials[0]!;
    const materials = Array.from({ length: ORDER_DOCUMENT_MAX_LINES + 50 }, (_, i) => ({ ...line, material: { ...line.material, name: `Board ${i}` } }));
    const order = anOrder({ billOfMaterials: { ...base.billOfMaterials, groups: [{ materialClass: 'sheet', total: 1, materials }] } });
    const pdf = await renderOrderDocument(layoutOrderDocument(dealOf({ kind: 'order', order })!));
    expect(pdf.length).toBeLessThan(1_500_000);
    const text = pdfText(pdf, false);
    expect(text).toContain(`Board ${ORDER_DOCUMENT_MAX_LINES - 1}`);
    expect(text).not.toContain(`Board ${ORDER_DOCUMENT_MAX_LINES}\n`);
    expect(squash(text)).toContain("… and 50 more lines (shown on the order's page).");
    expect(Number(pdfInfo(pdf).Pages)).toBeGreaterThan(10);
  }, 60_000);
});
