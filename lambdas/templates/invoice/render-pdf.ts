/**
 * A tax invoice or credit note as a one-page A4 PDF (docs/decisions.md D15), laid out the way
 * Indian GST invoices usually read: the seller and the document's title and number at the top, the
 * recipient, one line of service with its SAC, the discounts and the taxable value, the tax lines,
 * the total in figures and in words, the payment's ids, the reverse-charge statement and the
 * signatory. Pure: the document and the font bytes in, the PDF's bytes out. The fonts are DejaVu
 * Sans (regular and bold), embedded as subsets, because the 14 standard PDF fonts have no ₹.
 *
 * The bytes depend only on the input: the fonts carry fixed subset names and the metadata dates are
 * the document's own date, so rendering the same invoice twice gives the same file.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { CreditNoteDocument, InvoiceLine, TaxDocument } from '../../domain/invoice';
import {
  amount,
  deduction,
  documentDate,
  partyLines,
  periodLength,
  periodText,
  rate,
  rupees,
  serviceName,
  stateWithCode,
  taxLabel,
} from './format';

export interface InvoiceFonts {
  /** DejaVuSans.ttf */
  regular: Uint8Array;
  /** DejaVuSans-Bold.ttf */
  bold: Uint8Array;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const LEFT = MARGIN;
const RIGHT = A4[0] - MARGIN;
const WIDTH = RIGHT - LEFT;

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.72, 0.72, 0.76);
const SHADE = rgb(0.93, 0.94, 0.96);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Draws top-down: `y` is the baseline of the next line, moving down the page. */
class Canvas {
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {}

  text(
    text: string,
    x: number,
    y: number,
    options: {
      size?: number;
      bold?: boolean;
      color?: RGB;
      align?: 'left' | 'right' | 'center';
    } = {},
  ): void {
    const size = options.size ?? 9;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const width = this.width(text, size, options.bold === true);
    const drawX =
      options.align === 'right' ? x - width : options.align === 'center' ? x - width / 2 : x;
    this.page.drawText(text, { x: drawX, y, size, font, color: options.color ?? INK });
  }

  private readonly widths = new Map<string, number>();

  /** Measuring lays the text out in fontkit; wrapping measures the same prefixes again and again. */
  width(text: string, size: number, bold = false): number {
    const key = `${bold ? 'b' : 'r'}${size}|${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = (bold ? this.fonts.bold : this.fonts.regular).widthOfTextAtSize(text, size);
      this.widths.set(key, width);
    }
    return width;
  }

  /** Greedy word wrap to `width`; a word wider than the line is broken between characters. */
  wrap(text: string, width: number, size = 9, bold = false): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (this.width(candidate, size, bold) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (this.width(line, size, bold) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && this.width(line.slice(0, cut), size, bold) > width) cut -= 1;
        // A domain or an id breaks best after a hyphen or a dot, if one is in the fitting part.
        const soft = Math.max(line.lastIndexOf('-', cut - 1), line.lastIndexOf('.', cut - 1));
        if (soft > 0) cut = soft + 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  rule(y: number, from = LEFT, to = RIGHT, thickness = 0.6, color = RULE): void {
    this.page.drawLine({ start: { x: from, y }, end: { x: to, y }, thickness, color });
  }

  box(x: number, yTop: number, width: number, height: number, fill?: RGB): void {
    this.page.drawRectangle({
      x,
      y: yTop - height,
      width,
      height,
      borderColor: RULE,
      borderWidth: 0.6,
      ...(fill ? { color: fill } : {}),
    });
  }
}

const LEADING = 12;

/** The seller's block (left) and the title with the document's particulars (right). */
function drawHeader(canvas: Canvas, doc: TaxDocument): number {
  const top = A4[1] - MARGIN - 14;
  canvas.text(doc.title, RIGHT, top, { size: 18, bold: true, align: 'right' });
  canvas.text('Original for recipient', RIGHT, top - 14, { size: 8, color: MUTED, align: 'right' });

  const leftWidth = 290;
  let y = top;
  for (const line of canvas.wrap(doc.seller.name, leftWidth, 13, true)) {
    canvas.text(line, LEFT, y, { size: 13, bold: true });
    y -= 16;
  }
  for (const text of partyLines(doc.seller, { unregisteredLabel: false })) {
    for (const line of canvas.wrap(text, leftWidth)) {
      canvas.text(line, LEFT, y, { bold: line.startsWith('GSTIN') });
      y -= LEADING;
    }
  }

  const particulars: [string, string][] =
    doc.kind === 'invoice'
      ? [
          ['Invoice No.', doc.number],
          ['Invoice Date', documentDate(doc.date)],
        ]
      : [
          ['Credit Note No.', doc.number],
          ['Credit Note Date', documentDate(doc.date)],
          ['Original Invoice No.', doc.originalInvoice.number],
          ['Original Invoice Date', documentDate(doc.originalInvoice.date)],
        ];
  particulars.push(['Place of Supply', stateWithCode(doc.placeOfSupply)], ['Reverse Charge', 'No']);
  const labelX = 345;
  let ry = top - 36;
  for (const [label, value] of particulars) {
    canvas.text(label, labelX, ry, { color: MUTED });
    canvas.text(value, RIGHT, ry, { bold: true, align: 'right' });
    ry -= LEADING + 1;
  }
  return Math.min(y, ry) - 6;
}

/** "Bill to": the recipient's name, address, state and code, GSTIN (or Unregistered), email. */
function drawBuyer(canvas: Canvas, doc: TaxDocument, top: number): number {
  canvas.rule(top);
  let y = top - 16;
  canvas.text('Bill to (recipient)', LEFT, y, { size: 8, bold: true, color: MUTED });
  y -= 14;
  for (const line of canvas.wrap(doc.buyer.name, 300, 10.5, true)) {
    canvas.text(line, LEFT, y, { size: 10.5, bold: true });
    y -= 14;
  }
  for (const text of partyLines(doc.buyer, { unregisteredLabel: true })) {
    for (const line of canvas.wrap(text, 300)) {
      canvas.text(line, LEFT, y, {
        bold: line.startsWith('GSTIN: ') && doc.buyer.gstin !== undefined,
      });
      y -= LEADING;
    }
  }

  // The payment's identifiers, beside the recipient: how the buyer and support find the payment.
  const ids: [string, string][] = [
    ['Payment ID', doc.paymentId],
    ['Order ID', doc.orderId],
    ...(doc.kind === 'credit_note' && doc.refundId
      ? ([['Refund ID', doc.refundId]] as [string, string][])
      : []),
  ];
  let ry = top - 16;
  canvas.text(doc.kind === 'invoice' ? 'Payment' : 'Refund', 345, ry, {
    size: 8,
    bold: true,
    color: MUTED,
  });
  ry -= 14;
  for (const [label, value] of ids) {
    canvas.text(label, 345, ry, { color: MUTED });
    canvas.text(value, RIGHT, ry, { align: 'right' });
    ry -= LEADING + 1;
  }
  if (doc.kind === 'invoice') {
    canvas.text('Paid online through Razorpay', 345, ry, { color: MUTED });
    ry -= LEADING + 1;
  }
  return Math.min(y, ry) - 8;
}

interface Column {
  title: string[];
  width: number;
  align: 'left' | 'right';
}

// Period and Rate name no unit: each line says its own ("1 year" at a rate "per year" for a
// domain, D21; "24 months" at a rate "per month" for the rest), so a heading is never untrue.
const COLUMNS: Column[] = [
  { title: ['#'], width: 20, align: 'left' },
  { title: ['Description of service'], width: 229, align: 'left' },
  { title: ['SAC'], width: 50, align: 'left' },
  { title: ['Period'], width: 60, align: 'right' },
  { title: ['Rate (₹)'], width: 64, align: 'right' },
  { title: ['Amount (₹)'], width: WIDTH - 20 - 229 - 50 - 60 - 64, align: 'right' },
];
const PAD = 5;

function columnX(index: number): number {
  return LEFT + COLUMNS.slice(0, index).reduce((sum, c) => sum + c.width, 0);
}

type Cells = (string | undefined)[];

function drawRow(
  canvas: Canvas,
  yTop: number,
  cells: Cells[],
  options: { bold?: boolean; fill?: RGB } = {},
): number {
  // Each cell may hold several texts, each wrapped; the row is as tall as its tallest cell. In
  // any cell, the texts after the first (a period's dates, a reason, a rate's unit) are secondary
  // and muted.
  const wrapped = COLUMNS.map((column, i) =>
    (cells[i] ?? []).flatMap((text, t) =>
      text === undefined
        ? []
        : canvas
            .wrap(text, column.width - 2 * PAD, 9, options.bold)
            .map((line) => ({ line, muted: !options.bold && t > 0 })),
    ),
  );
  const lines = Math.max(1, ...wrapped.map((w) => w.length));
  const height = lines * LEADING + 8;
  if (options.fill) {
    canvas.page.drawRectangle({
      x: LEFT,
      y: yTop - height,
      width: WIDTH,
      height,
      color: options.fill,
    });
  }
  COLUMNS.forEach((column, i) => {
    const x = column.align === 'right' ? columnX(i) + column.width - PAD : columnX(i) + PAD;
    (wrapped[i] ?? []).forEach(({ line, muted }, n) => {
      canvas.text(line, x, yTop - 13 - n * LEADING, {
        bold: options.bold === true,
        align: column.align,
        ...(muted ? { color: MUTED } : {}),
      });
    });
  });
  canvas.rule(yTop - height);
  return yTop - height;
}

function lineRows(line: InvoiceLine): { cells: Cells[]; bold?: boolean }[] {
  const { paise, per } = rate(line);
  return [
    {
      cells: [
        ['1'],
        [serviceName(line), periodText(line)],
        [line.sac],
        [periodLength(line)],
        [amount(paise), per],
        [amount(line.basePaise)],
      ],
    },
    ...(line.durationDiscountPaise > 0
      ? [
          {
            cells: [
              [],
              [`Less: discount for ${line.months} months (${line.durationDiscountPercent}%)`],
              [],
              [],
              [],
              [deduction(line.durationDiscountPaise)],
            ],
          },
        ]
      : []),
    ...(line.promo && line.promo.discountPaise > 0
      ? [
          {
            cells: [
              [],
              [`Less: promo code ${line.promo.code} (${line.promo.percent}%)`],
              [],
              [],
              [],
              [deduction(line.promo.discountPaise)],
            ],
          },
        ]
      : []),
  ];
}

function creditRows(doc: CreditNoteDocument): { cells: Cells[]; bold?: boolean }[] {
  const line = doc.invoicedLine;
  return [
    {
      cells: [
        ['1'],
        [
          `Refund of ${serviceName(line)}`,
          periodText(line),
          ...(doc.reason ? [`Reason: ${doc.reason}`] : []),
        ],
        [line.sac],
        [periodLength(line)],
        [],
        [amount(doc.taxablePaise)],
      ],
    },
  ];
}

/** The line table: header, the service (and its discounts), and the taxable value. */
function drawTable(canvas: Canvas, doc: TaxDocument, top: number): number {
  let y = drawRow(
    canvas,
    top,
    COLUMNS.map((c) => c.title),
    { bold: true, fill: SHADE },
  );
  canvas.rule(top);
  const rows = doc.kind === 'invoice' ? lineRows(doc.line) : creditRows(doc);
  for (const row of rows) y = drawRow(canvas, y, row.cells, { bold: row.bold === true });
  y = drawRow(canvas, y, [[], ['Taxable value'], [], [], [], [amount(doc.taxablePaise)]], {
    bold: true,
  });
  // Outer frame and the column separators.
  canvas.box(LEFT, top, WIDTH, top - y);
  for (let i = 1; i < COLUMNS.length; i += 1) {
    const x = columnX(i);
    canvas.page.drawLine({
      start: { x, y: top },
      end: { x, y },
      thickness: 0.6,
      color: RULE,
    });
  }
  return y;
}

/** Tax lines and the total on the right; the tax summary by SAC on the left, as CAs read it. */
function drawTotals(canvas: Canvas, doc: TaxDocument, top: number): number {
  const labelX = 345;
  let y = top - 16;
  const row = (label: string, value: string, bold = false) => {
    canvas.text(label, labelX, y, { bold });
    canvas.text(value, RIGHT - PAD, y, { bold, align: 'right' });
    y -= LEADING + 2;
  };
  row('Taxable value', amount(doc.taxablePaise));
  for (const line of doc.taxLines) row(taxLabel(line), amount(line.amountPaise));
  row('Total tax', amount(doc.taxPaise));
  y -= 2;
  canvas.rule(y + 10, labelX, RIGHT, 0.8, INK);
  y -= 6;
  const totalLabel = doc.kind === 'invoice' ? 'Invoice total' : 'Credit note total';
  canvas.text(totalLabel, labelX, y, { size: 11, bold: true });
  canvas.text(rupees(doc.totalPaise), RIGHT - PAD, y, { size: 11, bold: true, align: 'right' });
  const rightBottom = y - 10;

  // Tax summary: SAC, taxable value and each tax's rate and amount.
  let ly = top - 16;
  canvas.text('Tax summary', LEFT, ly, { size: 8, bold: true, color: MUTED });
  ly -= 14;
  canvas.text('SAC', LEFT, ly, { color: MUTED });
  canvas.text('Taxable value (₹)', LEFT + 140, ly, { color: MUTED, align: 'right' });
  canvas.text('Tax', LEFT + 165, ly, { color: MUTED });
  canvas.text('Amount (₹)', LEFT + 290, ly, { color: MUTED, align: 'right' });
  ly -= LEADING;
  const sac = doc.kind === 'invoice' ? doc.line.sac : doc.invoicedLine.sac;
  doc.taxLines.forEach((line, i) => {
    if (i === 0) {
      canvas.text(sac, LEFT, ly);
      canvas.text(amount(doc.taxablePaise), LEFT + 140, ly, { align: 'right' });
    }
    canvas.text(taxLabel(line), LEFT + 165, ly);
    canvas.text(amount(line.amountPaise), LEFT + 290, ly, { align: 'right' });
    ly -= LEADING;
  });
  return Math.min(rightBottom, ly) - 4;
}

function drawWords(canvas: Canvas, doc: TaxDocument, top: number): number {
  canvas.rule(top);
  let y = top - 16;
  canvas.text('Total in words', LEFT, y, { size: 8, bold: true, color: MUTED });
  y -= 13;
  for (const line of canvas.wrap(doc.totalInWords, WIDTH, 9.5, true)) {
    canvas.text(line, LEFT, y, { size: 9.5, bold: true });
    y -= 13;
  }
  return y - 2;
}

function notes(doc: TaxDocument): string[] {
  const common = [
    'Tax is not payable on reverse charge basis.',
    `SAC ${doc.kind === 'invoice' ? doc.line.sac : doc.invoicedLine.sac}: hosting and information technology infrastructure provisioning services.`,
  ];
  if (doc.kind === 'invoice') {
    return [
      ...common,
      `Received in full online through Razorpay: payment ${doc.paymentId}, order ${doc.orderId}.`,
    ];
  }
  return [
    `Issued under section 34 of the CGST Act against invoice ${doc.originalInvoice.number} dated ${documentDate(doc.originalInvoice.date)}: the taxable value and the tax above are reduced by this credit note.`,
    ...common,
    `Refunded to the original payment ${doc.paymentId} through Razorpay${doc.refundId ? ` (refund ${doc.refundId})` : ''}.`,
  ];
}

function drawNotesAndSignature(canvas: Canvas, doc: TaxDocument, top: number): void {
  canvas.rule(top);
  let y = top - 16;
  canvas.text('Notes', LEFT, y, { size: 8, bold: true, color: MUTED });
  y -= 13;
  for (const note of notes(doc)) {
    for (const line of canvas.wrap(note, 300, 8.5)) {
      canvas.text(line, LEFT, y, { size: 8.5 });
      y -= 11;
    }
    y -= 2;
  }

  const sy = top - 16;
  canvas.text(`For ${doc.seller.name}`, RIGHT, sy, { bold: true, align: 'right' });
  canvas.text('Authorised Signatory', RIGHT, sy - 44, { align: 'right' });
  canvas.rule(sy - 34, RIGHT - 140, RIGHT, 0.5, RULE);

  canvas.text(
    'This is a computer-generated document issued electronically.',
    A4[0] / 2,
    MARGIN - 6,
    { size: 7.5, color: MUTED, align: 'center' },
  );
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type ParsedFont = ReturnType<Fontkit['create']>;
const parsedFonts = new WeakMap<Uint8Array, ParsedFont>();

/**
 * fontkit parses a font's 700 KB afresh for every document, two thirds of a render's time. The
 * parsed font is only read afterwards (each document takes its own subset of it), so it is kept
 * per font buffer: a warm Lambda, handed the same bytes by its loader, parses each font once.
 */
const reusingFontkit: Fontkit = {
  create(buffer, postscriptName) {
    if (postscriptName !== undefined) return fontkit.create(buffer, postscriptName);
    let font = parsedFonts.get(buffer);
    if (!font) {
      font = fontkit.create(buffer);
      parsedFonts.set(buffer, font);
    }
    return font;
  },
};

/**
 * No OpenType shaping: the documents are Latin text with ₹, which need none, and pdf-lib draws
 * glyphs without their kerning anyway, so shaping only cost time (half a render) and made measured
 * widths differ from drawn ones. Each listed feature is one fontkit would otherwise apply.
 */
const NO_SHAPING = Object.fromEntries(
  ['ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'rclt', 'curs', 'kern'].map(
    (tag) => [tag, false],
  ),
);

/** The PDF of a tax invoice or credit note: one A4 page. */
export async function renderTaxDocumentPdf(
  doc: TaxDocument,
  fonts: InvoiceFonts,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(reusingFontkit);
  const embedded: Fonts = {
    // Fixed subset tags (PDF's six letters and '+') instead of pdf-lib's random suffix.
    regular: await pdf.embedFont(fonts.regular, {
      subset: true,
      customName: 'DJVSAN+DejaVuSans',
      features: NO_SHAPING,
    }),
    bold: await pdf.embedFont(fonts.bold, {
      subset: true,
      customName: 'DJVSBD+DejaVuSans-Bold',
      features: NO_SHAPING,
    }),
  };
  const issued = new Date(`${doc.date}T00:00:00+05:30`);
  const kind = doc.kind === 'invoice' ? 'Tax invoice' : 'Credit note';
  pdf.setTitle(`${kind} ${doc.number}`);
  pdf.setAuthor(doc.seller.name);
  pdf.setSubject(`${kind} ${doc.number} for ${doc.buyer.name}`);
  pdf.setCreator(doc.seller.name);
  pdf.setProducer('pdf-lib');
  pdf.setLanguage('en-IN');
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);

  const canvas = new Canvas(pdf.addPage(A4), embedded);
  let y = drawHeader(canvas, doc);
  y = drawBuyer(canvas, doc, y);
  y = drawTable(canvas, doc, y - 4);
  y = drawTotals(canvas, doc, y);
  y = drawWords(canvas, doc, y);
  drawNotesAndSignature(canvas, doc, y);
  // One page, however long the names: an overflow is a layout bug to see in the tests, not a
  // second page a customer would have to print.
  if (y < MARGIN + 110) throw new RangeError(`${doc.number} does not fit on one page`);
  return pdf.save({ objectsPerTick: Number.POSITIVE_INFINITY });
}
