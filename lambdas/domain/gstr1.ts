/**
 * GSTR-1, the monthly return of outward supplies, in the shape GSTN's offline tool and its GSTR-1
 * save API take (docs/toolchain.md cites the field lists): built from the tax invoices and credit
 * notes issued in one tax period, exactly as the store issued them (lambdas/domain/invoice.ts).
 * Pure: no I/O. Every sum is made in paise and turned into rupees once, at the end, so a section's
 * totals equal the documents' to the paisa (no floating-point drift).
 */
import { findStateByCode } from './gst';
import {
  GST_RATE_PERCENT,
  parseDocumentNumber,
  SAC_HOSTING,
  type CreditNoteDocument,
  type InvoiceDocument,
  type TaxDocument,
} from './invoice';
import type { Paise } from './money';

/**
 * An inter-state invoice to an unregistered buyer above this value is "B2C large" (Table 5);
 * ₹1,00,000 since 1 August 2024 (Notification 12/2024-Central Tax), ₹2,50,000 before.
 */
export const B2CL_THRESHOLD_PAISE: Paise = 10_000_000;

/** `YYYY-MM`: a tax period as the API takes it. */
export const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Rupees with at most two decimals, from whole paise: 12345 → 123.45 (the JSON number). */
export function rupees(paise: Paise): number {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`not whole paise: ${paise}`);
  return paise / 100;
}

/** Rupees written with exactly two decimals, from whole paise: -5 → "-0.05" (for CSV). */
export function rupeesText(paise: Paise): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`not whole paise: ${paise}`);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `DD-MM-YYYY`, as GSTN writes a date, from India's calendar date `YYYY-MM-DD`. */
export function gstnDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}-${month}-${year}`;
}

/** `MMYYYY` of a `YYYY-MM` period. */
export function filingPeriod(period: string): string {
  const match = PERIOD_PATTERN.exec(period);
  if (!match) throw new RangeError(`not a tax period (YYYY-MM): ${period}`);
  return `${match[2]}${match[1]}`;
}

export interface ItemDetail {
  txval: number;
  rt: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

export interface Gstr1Item {
  num: number;
  itm_det: ItemDetail;
}

export interface Gstr1Invoice {
  inum: string;
  idt: string;
  val: number;
  pos: string;
  rchrg: 'N';
  inv_typ: 'R';
  itms: Gstr1Item[];
}

export interface Gstr1B2cl {
  pos: string;
  inv: { inum: string; idt: string; val: number; itms: Gstr1Item[] }[];
}

export interface Gstr1B2cs {
  sply_ty: 'INTRA' | 'INTER';
  pos: string;
  typ: 'OE';
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

export interface Gstr1Note {
  ntty: 'C';
  nt_num: string;
  nt_dt: string;
  val: number;
  pos: string;
  rchrg: 'N';
  inv_typ: 'R';
  itms: Gstr1Item[];
}

export interface Gstr1UnregisteredNote {
  ntty: 'C';
  nt_num: string;
  nt_dt: string;
  val: number;
  pos: string;
  typ: 'B2CL';
  itms: Gstr1Item[];
}

export interface Gstr1HsnRow {
  num: number;
  hsn_sc: string;
  desc: string;
  uqc: 'NA';
  qty: number;
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

export interface Gstr1DocRange {
  num: number;
  from: string;
  to: string;
  totnum: number;
  cancel: number;
  net_issue: number;
}

export interface Gstr1DocIssue {
  doc_det: { doc_num: number; doc_typ: string; docs: Gstr1DocRange[] }[];
}

export interface Gstr1Return {
  gstin: string;
  fp: string;
  b2b: { ctin: string; inv: Gstr1Invoice[] }[];
  b2cl?: Gstr1B2cl[];
  b2cs: Gstr1B2cs[];
  cdnr: { ctin: string; nt: Gstr1Note[] }[];
  cdnur?: Gstr1UnregisteredNote[];
  /**
   * Table 12, in GSTN's two tabs since the May 2025 tax period (advisory of 1 May 2025, Phase III):
   * supplies to registered buyers and the notes against them (`hsn_b2b`), and the rest
   * (`hsn_b2c`). A tab with no document is left out.
   */
  hsn: { hsn_b2b?: Gstr1HsnRow[]; hsn_b2c?: Gstr1HsnRow[] };
  doc_issue: Gstr1DocIssue;
}

/** A credit note issued in the period with the invoice it adjusts (issued in any period). */
export interface CreditedInvoice {
  note: CreditNoteDocument;
  invoice: InvoiceDocument;
}

export interface Gstr1Input {
  /** The seller's GSTIN (the return's). */
  gstin: string;
  /** `YYYY-MM`. */
  period: string;
  /** The tax invoices issued in the period. */
  invoices: readonly InvoiceDocument[];
  /** The credit notes issued in the period. */
  creditNotes: readonly CreditedInvoice[];
}

/** Where an invoice goes in GSTR-1. */
export type SupplyTable = 'b2b' | 'b2cl' | 'b2cs';

/** B2B for a buyer with a GSTIN; else B2C large (inter-state above the threshold) or small. */
export function supplyTableOf(invoice: InvoiceDocument, sellerStateCode: string): SupplyTable {
  if (invoice.buyer.gstin) return 'b2b';
  const interState = invoice.placeOfSupply.code !== sellerStateCode;
  return interState && invoice.totalPaise > B2CL_THRESHOLD_PAISE ? 'b2cl' : 'b2cs';
}

interface TaxPaise {
  txval: Paise;
  iamt: Paise;
  camt: Paise;
  samt: Paise;
}

const ZERO: TaxPaise = { txval: 0, iamt: 0, camt: 0, samt: 0 };

function taxOf(document: TaxDocument): TaxPaise {
  const amount = (...names: string[]) =>
    document.taxLines
      .filter((line) => names.includes(line.tax))
      .reduce((sum, line) => sum + line.amountPaise, 0);
  return {
    txval: document.taxablePaise,
    iamt: amount('IGST'),
    camt: amount('CGST'),
    samt: amount('SGST', 'UTGST'),
  };
}

function add(a: TaxPaise, b: TaxPaise, sign = 1): TaxPaise {
  return {
    txval: a.txval + sign * b.txval,
    iamt: a.iamt + sign * b.iamt,
    camt: a.camt + sign * b.camt,
    samt: a.samt + sign * b.samt,
  };
}

function detail(tax: TaxPaise): ItemDetail {
  return {
    txval: rupees(tax.txval),
    rt: GST_RATE_PERCENT,
    iamt: rupees(tax.iamt),
    camt: rupees(tax.camt),
    samt: rupees(tax.samt),
    csamt: 0,
  };
}

const itemsOf = (document: TaxDocument): Gstr1Item[] => [
  { num: 1, itm_det: detail(taxOf(document)) },
];

const byText =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a).localeCompare(key(b));

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return new Map([...groups.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** Documents issued, per series (doc_issue): from–to, total, cancelled (gaps), net issued. */
function documentRanges(numbers: readonly string[]): Gstr1DocRange[] {
  const bySeries = groupBy(
    numbers.map((number) => {
      const parsed = parseDocumentNumber(number);
      if (!parsed) throw new RangeError(`not a document number: ${number}`);
      return parsed;
    }),
    (parsed) => parsed.number.slice(0, parsed.number.lastIndexOf('/')),
  );
  return [...bySeries.values()].map((series, index) => {
    const sorted = [...series].sort((a, b) => a.sequence - b.sequence);
    const first = sorted[0] as (typeof sorted)[number];
    const last = sorted[sorted.length - 1] as (typeof sorted)[number];
    const issued = new Set(sorted.map((parsed) => parsed.sequence)).size;
    const totnum = last.sequence - first.sequence + 1;
    return {
      num: index + 1,
      from: first.number,
      to: last.number,
      totnum,
      cancel: totnum - issued,
      net_issue: issued,
    };
  });
}

/**
 * The return for one period. Credit notes against B2B invoices go to `cdnr` by the buyer's GSTIN;
 * against B2C large ones to `cdnur`; against B2C small ones they reduce `b2cs` for their place of
 * supply (GSTN's rule for Table 9B: unregistered notes are reported only for B2CL invoices). The
 * SAC summary (Table 12) is net of credit notes, in GSTN's B2B and B2C tabs: an invoice to a buyer
 * with a GSTIN and the notes against it in B2B, everything else in B2C.
 */
export function buildGstr1(input: Gstr1Input): Gstr1Return {
  const sellerState = input.gstin.slice(0, 2);
  if (!findStateByCode(sellerState)) throw new RangeError(`not a GSTIN: ${input.gstin}`);
  const fp = filingPeriod(input.period);

  const b2bInvoices: InvoiceDocument[] = [];
  const b2clInvoices: InvoiceDocument[] = [];
  const b2csTotals = new Map<string, { sply_ty: 'INTRA' | 'INTER'; pos: string; tax: TaxPaise }>();
  const addB2cs = (document: TaxDocument, sign: number) => {
    const pos = document.placeOfSupply.code;
    const sply_ty = pos === sellerState ? 'INTRA' : 'INTER';
    const key = `${sply_ty}|${pos}`;
    const current = b2csTotals.get(key) ?? { sply_ty, pos, tax: ZERO };
    b2csTotals.set(key, { ...current, tax: add(current.tax, taxOf(document), sign) });
  };
  const hsn = { b2b: ZERO, b2c: ZERO };
  const hsnDocuments = { b2b: 0, b2c: 0 };
  const addHsn = (tab: 'b2b' | 'b2c', document: TaxDocument, sign: number) => {
    hsn[tab] = add(hsn[tab], taxOf(document), sign);
    hsnDocuments[tab] += 1;
  };

  for (const invoice of input.invoices) {
    const table = supplyTableOf(invoice, sellerState);
    addHsn(table === 'b2b' ? 'b2b' : 'b2c', invoice, 1);
    if (table === 'b2b') b2bInvoices.push(invoice);
    else if (table === 'b2cl') b2clInvoices.push(invoice);
    else addB2cs(invoice, 1);
  }

  const registeredNotes: CreditedInvoice[] = [];
  const largeNotes: CreditedInvoice[] = [];
  for (const credited of input.creditNotes) {
    const table = supplyTableOf(credited.invoice, sellerState);
    addHsn(table === 'b2b' ? 'b2b' : 'b2c', credited.note, -1);
    if (table === 'b2b') registeredNotes.push(credited);
    else if (table === 'b2cl') largeNotes.push(credited);
    else addB2cs(credited.note, -1);
  }

  const b2b = [...groupBy(b2bInvoices, (inv) => inv.buyer.gstin ?? '').entries()].map(
    ([ctin, invoices]) => ({
      ctin,
      inv: [...invoices].sort(byText((inv) => inv.number)).map((inv): Gstr1Invoice => ({
        inum: inv.number,
        idt: gstnDate(inv.date),
        val: rupees(inv.totalPaise),
        pos: inv.placeOfSupply.code,
        rchrg: 'N',
        inv_typ: 'R',
        itms: itemsOf(inv),
      })),
    }),
  );

  const b2cl = [...groupBy(b2clInvoices, (inv) => inv.placeOfSupply.code).entries()].map(
    ([pos, invoices]) => ({
      pos,
      inv: [...invoices].sort(byText((inv) => inv.number)).map((inv) => ({
        inum: inv.number,
        idt: gstnDate(inv.date),
        val: rupees(inv.totalPaise),
        itms: itemsOf(inv),
      })),
    }),
  );

  const b2cs = [...b2csTotals.values()]
    .sort(byText((row) => `${row.pos}|${row.sply_ty}`))
    .map((row): Gstr1B2cs => ({
      sply_ty: row.sply_ty,
      pos: row.pos,
      typ: 'OE',
      ...detail(row.tax),
    }));

  const cdnr = [
    ...groupBy(registeredNotes, (credited) => credited.invoice.buyer.gstin ?? '').entries(),
  ].map(([ctin, notes]) => ({
    ctin,
    nt: [...notes].sort(byText((credited) => credited.note.number)).map(({ note }): Gstr1Note => ({
      ntty: 'C',
      nt_num: note.number,
      nt_dt: gstnDate(note.date),
      val: rupees(note.totalPaise),
      pos: note.placeOfSupply.code,
      rchrg: 'N',
      inv_typ: 'R',
      itms: itemsOf(note),
    })),
  }));

  const cdnur = [...largeNotes]
    .sort(byText((credited) => credited.note.number))
    .map(({ note }): Gstr1UnregisteredNote => ({
      ntty: 'C',
      nt_num: note.number,
      nt_dt: gstnDate(note.date),
      val: rupees(note.totalPaise),
      pos: note.placeOfSupply.code,
      typ: 'B2CL',
      itms: itemsOf(note),
    }));

  const hsnTab = (tab: 'b2b' | 'b2c'): Gstr1HsnRow[] => [
    {
      num: 1,
      hsn_sc: SAC_HOSTING,
      desc: 'Hosting and IT infrastructure',
      uqc: 'NA',
      qty: 0,
      ...detail(hsn[tab]),
    },
  ];

  const docDet: Gstr1DocIssue['doc_det'] = [];
  if (input.invoices.length > 0) {
    docDet.push({
      doc_num: 1,
      doc_typ: 'Invoices for outward supply',
      docs: documentRanges(input.invoices.map((inv) => inv.number)),
    });
  }
  if (input.creditNotes.length > 0) {
    docDet.push({
      doc_num: 5,
      doc_typ: 'Credit Note',
      docs: documentRanges(input.creditNotes.map((credited) => credited.note.number)),
    });
  }

  return {
    gstin: input.gstin,
    fp,
    b2b,
    ...(b2cl.length > 0 ? { b2cl } : {}),
    b2cs,
    cdnr,
    ...(cdnur.length > 0 ? { cdnur } : {}),
    hsn: {
      ...(hsnDocuments.b2b > 0 ? { hsn_b2b: hsnTab('b2b') } : {}),
      ...(hsnDocuments.b2c > 0 ? { hsn_b2c: hsnTab('b2c') } : {}),
    },
    doc_issue: { doc_det: docDet },
  };
}

// ---------------------------------------------------------------------------------------------
// CSV, one file a section, as the offline tool's CSV import lays them out

function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

const stateLabel = (code: string) => `${code}-${findStateByCode(code)?.name ?? ''}`;

/** Paise again from a rupee number this module wrote (exact: it has at most two decimals). */
const paiseOf = (value: number): Paise => Math.round(value * 100);
const money = (value: number) => rupeesText(paiseOf(value));

/**
 * The return as CSV files (name → text), columns as the offline tool's CSV templates name them,
 * amounts with two decimals. Credit notes also name the invoice they adjust.
 */
export function gstr1CsvFiles(
  gstr1: Gstr1Return,
  input: Pick<Gstr1Input, 'creditNotes'>,
): Record<string, string> {
  const invoiceOfNote = new Map(
    input.creditNotes.map((credited) => [credited.note.number, credited.invoice]),
  );
  const files: Record<string, string> = {};
  files['b2b.csv'] = csv(
    [
      'GSTIN/UIN of Recipient',
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Reverse Charge',
      'Invoice Type',
      'Rate',
      'Taxable Value',
      'Integrated Tax Amount',
      'Central Tax Amount',
      'State/UT Tax Amount',
      'Cess Amount',
    ],
    gstr1.b2b.flatMap((party) =>
      party.inv.flatMap((inv) =>
        inv.itms.map((item) => [
          party.ctin,
          inv.inum,
          inv.idt,
          money(inv.val),
          stateLabel(inv.pos),
          inv.rchrg,
          'Regular B2B',
          item.itm_det.rt,
          money(item.itm_det.txval),
          money(item.itm_det.iamt),
          money(item.itm_det.camt),
          money(item.itm_det.samt),
          money(item.itm_det.csamt),
        ]),
      ),
    ),
  );
  files['b2cl.csv'] = csv(
    [
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Rate',
      'Taxable Value',
      'Integrated Tax Amount',
      'Cess Amount',
    ],
    (gstr1.b2cl ?? []).flatMap((group) =>
      group.inv.flatMap((inv) =>
        inv.itms.map((item) => [
          inv.inum,
          inv.idt,
          money(inv.val),
          stateLabel(group.pos),
          item.itm_det.rt,
          money(item.itm_det.txval),
          money(item.itm_det.iamt),
          money(item.itm_det.csamt),
        ]),
      ),
    ),
  );
  files['b2cs.csv'] = csv(
    [
      'Type',
      'Place Of Supply',
      'Rate',
      'Taxable Value',
      'Integrated Tax Amount',
      'Central Tax Amount',
      'State/UT Tax Amount',
      'Cess Amount',
    ],
    gstr1.b2cs.map((row) => [
      row.typ,
      stateLabel(row.pos),
      row.rt,
      money(row.txval),
      money(row.iamt),
      money(row.camt),
      money(row.samt),
      money(row.csamt),
    ]),
  );
  const noteHeader = [
    'Note Number',
    'Note Date',
    'Note Type',
    'Original Invoice Number',
    'Original Invoice Date',
    'Place Of Supply',
    'Note Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ];
  const noteRow = (nt: Gstr1Note | Gstr1UnregisteredNote, item: Gstr1Item) => {
    const invoice = invoiceOfNote.get(nt.nt_num);
    return [
      nt.nt_num,
      nt.nt_dt,
      nt.ntty,
      invoice?.number ?? '',
      invoice ? gstnDate(invoice.date) : '',
      stateLabel(nt.pos),
      money(nt.val),
      item.itm_det.rt,
      money(item.itm_det.txval),
      money(item.itm_det.iamt),
      money(item.itm_det.camt),
      money(item.itm_det.samt),
      money(item.itm_det.csamt),
    ];
  };
  files['cdnr.csv'] = csv(
    ['GSTIN/UIN of Recipient', ...noteHeader],
    gstr1.cdnr.flatMap((party) =>
      party.nt.flatMap((nt) => nt.itms.map((item) => [party.ctin, ...noteRow(nt, item)])),
    ),
  );
  files['cdnur.csv'] = csv(
    ['UR Type', ...noteHeader],
    (gstr1.cdnur ?? []).flatMap((nt) => nt.itms.map((item) => [nt.typ, ...noteRow(nt, item)])),
  );
  const hsnCsv = (rows: readonly Gstr1HsnRow[] = []) =>
    csv(
      [
        'HSN',
        'Description',
        'UQC',
        'Total Quantity',
        'Rate',
        'Taxable Value',
        'Integrated Tax Amount',
        'Central Tax Amount',
        'State/UT Tax Amount',
        'Cess Amount',
      ],
      rows.map((row) => [
        row.hsn_sc,
        row.desc,
        row.uqc,
        row.qty,
        row.rt,
        money(row.txval),
        money(row.iamt),
        money(row.camt),
        money(row.samt),
        money(row.csamt),
      ]),
    );
  // Named as the offline tool's worksheets for Table 12's two tabs.
  files['hsn(b2b).csv'] = hsnCsv(gstr1.hsn.hsn_b2b);
  files['hsn(b2c).csv'] = hsnCsv(gstr1.hsn.hsn_b2c);
  files['docs.csv'] = csv(
    ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
    gstr1.doc_issue.doc_det.flatMap((det) =>
      det.docs.map((range) => [det.doc_typ, range.from, range.to, range.totnum, range.cancel]),
    ),
  );
  return files;
}
