import { ORDER_DOCUMENT_TEXTS } from '@kiln/contracts';
import type { Block, Column, OrderDocument, TableSection } from './order-document.layout';

/**
 * Draws an order document (order-document.layout.ts) on A4 with pdfkit (ADR 0059). Real text in an embedded
 * DejaVu Sans (Latin, Greek, Cyrillic and the symbols of units: what people and materials are called), so
 * it can be searched, copied and read back by pdftotext. Pages break where a block no longer fits; each page
 * says "Page i of n".
 */

const REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 50;
const SIZE = { title: 18, subtitle: 11, heading: 12, body: 9, small: 8 } as const;
const GAP = 4;
const INK = '#1a1a1a';
const MUTED = '#5f6368';
const RULE = '#c8ccd0';

type Doc = PDFKit.PDFDocument;

/** pdfkit, loaded with the first document (about 30 MiB and 150 ms that a BFF never drawing one does without). */
const loadPdfkit = () => import('pdfkit');
let pdfkit: ReturnType<typeof loadPdfkit> | null = null;

/** The PDF's bytes. */
export async function renderOrderDocument(document: OrderDocument): Promise<Buffer> {
  const { default: PDFDocument } = await (pdfkit ??= loadPdfkit());
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: document.title, Creator: 'Kiln', Producer: 'Kiln' },
    displayTitle: true,
    lang: 'en-US',
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  doc.font('regular').fillColor(INK);

  document.pages.forEach((page, index) => {
    if (index > 0) doc.addPage();
    for (const block of page) draw(doc, block);
  });
  numberPages(doc);
  doc.end();
  return done;
}

const width = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** A new page when `height` more points do not fit. */
function room(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) {
    doc.addPage();
    doc.y = doc.page.margins.top;
  }
}

function draw(doc: Doc, block: Block): void {
  const left = doc.page.margins.left;
  switch (block.kind) {
    case 'title':
      room(doc, 40);
      doc
        .font('bold')
        .fontSize(SIZE.title)
        .fillColor(INK)
        .text(block.text, left, doc.y, { width: width(doc) });
      doc
        .font('regular')
        .fontSize(SIZE.subtitle)
        .fillColor(MUTED)
        .text(block.subtitle, { width: width(doc) });
      doc.fillColor(INK).moveDown(0.8);
      return;
    case 'heading':
      room(doc, 40);
      doc.moveDown(0.6);
      doc
        .font('bold')
        .fontSize(SIZE.heading)
        .fillColor(INK)
        .text(block.text, left, doc.y, { width: width(doc) });
      doc.moveDown(0.3);
      return;
    case 'text':
      doc.font('regular').fontSize(SIZE.body).fillColor(INK);
      room(doc, doc.heightOfString(block.text, { width: width(doc) }));
      doc.text(block.text, left, doc.y, { width: width(doc) });
      return;
    case 'fields':
      return fields(doc, block.rows, false);
    case 'totals':
      doc.moveDown(0.8);
      return fields(doc, block.rows, true);
    case 'list':
      doc.font('regular').fontSize(SIZE.body).fillColor(INK);
      for (const item of block.items.length > 0 ? block.items : [block.empty]) {
        const text = block.items.length > 0 ? `•  ${item}` : item;
        room(doc, doc.heightOfString(text, { width: width(doc) }) + GAP);
        doc.text(text, left, doc.y, { width: width(doc) });
        doc.y += GAP / 2;
      }
      return;
    case 'table':
      return table(doc, block.columns, block.sections, block.empty, block.note);
  }
}

/** Label / value rows; totals are right-aligned with the last (the Total) in bold. */
function fields(doc: Doc, rows: [string, string][], totals: boolean): void {
  const left = doc.page.margins.left;
  const labelWidth = totals ? width(doc) * 0.75 : 110;
  const valueWidth = width(doc) - labelWidth;
  rows.forEach(([label, value], index) => {
    const strong = totals && index === rows.length - 1;
    doc.font(strong ? 'bold' : 'regular').fontSize(strong ? SIZE.heading : SIZE.body);
    const height = Math.max(doc.heightOfString(label, { width: labelWidth - 8 }), doc.heightOfString(value, { width: valueWidth }));
    room(doc, height + GAP);
    const y = doc.y;
    doc.fillColor(totals ? INK : MUTED).text(label, left, y, { width: labelWidth - 8, align: totals ? 'right' : 'left' });
    doc.fillColor(INK).text(value, left + labelWidth, y, { width: valueWidth, align: totals ? 'right' : 'left' });
    doc.y = y + height + GAP;
  });
}

function table(doc: Doc, columns: Column[], sections: TableSection[], empty: string, note?: string): void {
  const left = doc.page.margins.left;
  const total = width(doc);
  const xs = columns.reduce<number[]>((acc, c, i) => [...acc, (acc[i] ?? left) + c.width * total], [left]);
  const row = (cells: string[], font: 'regular' | 'bold', color = INK) => {
    doc.font(font).fontSize(SIZE.body);
    const heights = cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: columns[i]!.width * total - 6 }));
    const height = Math.max(...heights);
    room(doc, height + GAP);
    const y = doc.y;
    cells.forEach((cell, i) => {
      doc.fillColor(color).text(cell, xs[i]!, y, { width: columns[i]!.width * total - 6, align: columns[i]!.align });
    });
    doc.y = y + height + GAP;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y - GAP / 2)
      .lineTo(left + total, doc.y - GAP / 2)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };
  row(
    columns.map((c) => c.header),
    'bold',
    MUTED,
  );
  rule();
  if (sections.length === 0) {
    row([empty, ...columns.slice(1).map(() => '')], 'regular', MUTED);
    return;
  }
  for (const section of sections) {
    if (section.title) {
      doc.y += GAP / 2;
      row([section.title, ...columns.slice(1).map(() => '')], 'bold');
    }
    for (const cells of section.rows) row(cells, 'regular');
    if (section.footer) {
      rule();
      row(section.footer, 'regular', MUTED);
    }
  }
  if (note) row([note, ...columns.slice(1).map(() => '')], 'regular', MUTED);
}

/** "Page i of n" at the foot of every page (drawn inside the bottom margin, so no page is added). */
function numberPages(doc: Doc): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(SIZE.small)
      .fillColor(MUTED)
      .text(ORDER_DOCUMENT_TEXTS.pageOf(i - range.start + 1, range.count), doc.page.margins.left, doc.page.height - margin / 2 - SIZE.small, {
        width: width(doc),
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
  doc.flushPages();
}
