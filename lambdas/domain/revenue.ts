/**
 * The revenue report (issue #27): per India calendar day and category, what was invoiced (gross,
 * tax included), what credit notes gave back, the GST still owed (CGST, SGST/UTGST, IGST, net of
 * credit notes) and the net the store keeps; sales split into new, renewal and plan change. Pure,
 * in paise, from the documents the store issued (lambdas/domain/invoice.ts).
 */
import type { CreditNoteDocument, InvoiceDocument, TaxDocument } from './invoice';
import type { Paise } from './money';
import type { Category } from './plan';

/** What a sale was: a first purchase, a renewal of a service held, or a plan change (D26). */
export type SaleKind = 'new' | 'renewal' | 'plan_change';

export interface RevenueFigures {
  /** Invoiced, tax included. */
  grossPaise: Paise;
  /** Given back by credit notes, tax included. */
  refundsPaise: Paise;
  /** GST owed: the invoices' less the credit notes'. */
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  /** gross − refunds − GST: what the store keeps. */
  netPaise: Paise;
  /** Gross by kind of sale, and how many invoices of each. */
  newPaise: Paise;
  renewalPaise: Paise;
  planChangePaise: Paise;
  newCount: number;
  renewalCount: number;
  planChangeCount: number;
  refundCount: number;
}

export interface RevenueRow extends RevenueFigures {
  /** India's calendar date, YYYY-MM-DD. */
  date: string;
  category: Category;
}

export interface RevenueReport {
  from: string;
  to: string;
  rows: RevenueRow[];
  totals: RevenueFigures;
}

export interface RevenueInvoice {
  invoice: InvoiceDocument;
  category: Category;
  kind: SaleKind;
}

export interface RevenueCreditNote {
  note: CreditNoteDocument;
  category: Category;
}

const empty = (): RevenueFigures => ({
  grossPaise: 0,
  refundsPaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  netPaise: 0,
  newPaise: 0,
  renewalPaise: 0,
  planChangePaise: 0,
  newCount: 0,
  renewalCount: 0,
  planChangeCount: 0,
  refundCount: 0,
});

function addTax(figures: RevenueFigures, document: TaxDocument, sign: 1 | -1): void {
  for (const line of document.taxLines) {
    if (line.tax === 'CGST') figures.cgstPaise += sign * line.amountPaise;
    else if (line.tax === 'IGST') figures.igstPaise += sign * line.amountPaise;
    else figures.sgstPaise += sign * line.amountPaise;
  }
}

const KIND_FIELDS = {
  new: ['newPaise', 'newCount'],
  renewal: ['renewalPaise', 'renewalCount'],
  plan_change: ['planChangePaise', 'planChangeCount'],
} as const satisfies Record<SaleKind, readonly [keyof RevenueFigures, keyof RevenueFigures]>;

function addInto(total: RevenueFigures, row: RevenueFigures): void {
  for (const key of Object.keys(total) as (keyof RevenueFigures)[]) total[key] += row[key];
}

/** The report over the documents issued from `from` to `to` (India calendar dates, inclusive). */
export function buildRevenueReport(
  from: string,
  to: string,
  invoices: readonly RevenueInvoice[],
  creditNotes: readonly RevenueCreditNote[],
): RevenueReport {
  const rows = new Map<string, RevenueRow>();
  const rowOf = (date: string, category: Category) => {
    const key = `${date}|${category}`;
    let row = rows.get(key);
    if (!row) {
      row = { date, category, ...empty() };
      rows.set(key, row);
    }
    return row;
  };
  for (const { invoice, category, kind } of invoices) {
    const row = rowOf(invoice.date, category);
    row.grossPaise += invoice.totalPaise;
    addTax(row, invoice, 1);
    const [paise, count] = KIND_FIELDS[kind];
    row[paise] += invoice.totalPaise;
    row[count] += 1;
  }
  for (const { note, category } of creditNotes) {
    const row = rowOf(note.date, category);
    row.refundsPaise += note.totalPaise;
    row.refundCount += 1;
    addTax(row, note, -1);
  }
  const sorted = [...rows.values()].sort(
    (a, b) => a.date.localeCompare(b.date) || a.category.localeCompare(b.category),
  );
  const totals = empty();
  for (const row of sorted) {
    row.netPaise =
      row.grossPaise - row.refundsPaise - row.cgstPaise - row.sgstPaise - row.igstPaise;
    addInto(totals, row);
  }
  return { from, to, rows: sorted, totals };
}

const CSV_COLUMNS = [
  'date',
  'category',
  'grossPaise',
  'refundsPaise',
  'cgstPaise',
  'sgstPaise',
  'igstPaise',
  'netPaise',
  'newPaise',
  'renewalPaise',
  'planChangePaise',
  'newCount',
  'renewalCount',
  'planChangeCount',
  'refundCount',
] as const satisfies readonly (keyof RevenueRow)[];

/** Rupees with two decimals from paise, exactly ("-12.05"). */
function rupeeText(paise: Paise): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The report as CSV, amounts in rupees with two decimals (a spreadsheet's), a totals line last. */
export function revenueCsv(report: RevenueReport): string {
  const header = CSV_COLUMNS.map((column) => column.replace(/Paise$/, ' (₹)'));
  const line = (row: Omit<RevenueRow, 'category'> & { category: string }) =>
    CSV_COLUMNS.map((column) => {
      const value = row[column];
      return typeof value === 'number' && column.endsWith('Paise')
        ? rupeeText(value)
        : String(value);
    }).join(',');
  const lines = report.rows.map(line);
  lines.push(line({ date: 'total', category: '', ...report.totals }));
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
