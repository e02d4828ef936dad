/**
 * The accountant's reports (issue #27): GSTR-1 for a tax period and the revenue report for any
 * range of days, both from the documents the store issued, read through the purchases table's
 * invoicesByMonth and creditNotesByMonth indexes (one query a month each, never a scan).
 */
import { buildGstr1, PERIOD_PATTERN, type Gstr1Input, type Gstr1Return } from '../../domain/gstr1';
import type { SellerDetails } from '../../domain/invoice';
import { buildRevenueReport, type RevenueReport, type SaleKind } from '../../domain/revenue';
import type { PurchaseRecord, PurchasesStore } from '../../ports/purchases';
import { creditNoteOf, invoiceOf } from '../tax-documents';
import { ReportRangeError } from './errors';

export interface ReportsDeps {
  purchases: Pick<PurchasesStore, 'listDocumentsIssued'>;
  /** The seller as configured: the return's GSTIN, and the seller of older purchases. */
  seller: () => SellerDetails;
}

const IST_OFFSET = '+05:30';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A year and a day: enough for any financial year, small enough to answer at once. */
const MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant India's calendar date begins, as an ISO instant in UTC. */
function istMidnight(date: string): string {
  return new Date(`${date}T00:00:00${IST_OFFSET}`).toISOString();
}

function validDate(date: string): boolean {
  return DATE.test(date) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** A plan change (D26) carries the change in its quote; a renewal says so; the rest are new. */
export function saleKindOf(purchase: Pick<PurchaseRecord, 'quote'>): SaleKind {
  const quote: { renewal: boolean; change?: unknown } = purchase.quote;
  if (quote.change !== undefined && quote.change !== null) return 'plan_change';
  return quote.renewal ? 'renewal' : 'new';
}

async function documentsIssued(deps: ReportsDeps, from: string, to: string) {
  const [invoiced, credited] = await Promise.all([
    deps.purchases.listDocumentsIssued('invoice', from, to),
    deps.purchases.listDocumentsIssued('credit_note', from, to),
  ]);
  const invoices = invoiced.flatMap((purchase) => {
    const { invoiceNumber } = purchase;
    if (!invoiceNumber) return [];
    return [{ purchase, invoice: invoiceOf({ ...purchase, invoiceNumber }, deps.seller) }];
  });
  const creditNotes = credited.flatMap((purchase) => {
    const { invoiceNumber, creditNoteNumber, creditNoteRefund } = purchase;
    if (!invoiceNumber || !creditNoteNumber || !creditNoteRefund) return [];
    const documents = creditNoteOf(
      { ...purchase, invoiceNumber, creditNoteNumber, creditNoteRefund },
      deps.seller,
    );
    return [{ purchase, ...documents }];
  });
  return { invoices, creditNotes };
}

/** GSTR-1 for `period` (`YYYY-MM`): the invoices and credit notes issued in India's month. */
export async function gstr1Report(
  deps: ReportsDeps,
  period: string,
): Promise<{ gstr1: Gstr1Return; input: Gstr1Input }> {
  const match = PERIOD_PATTERN.exec(period);
  if (!match)
    throw new ReportRangeError('period must be a month written YYYY-MM, such as 2026-11.');
  const [year, month] = [Number(match[1]), Number(match[2])];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  const { invoices, creditNotes } = await documentsIssued(
    deps,
    istMidnight(`${period}-01`),
    istMidnight(`${next}-01`),
  );
  const input: Gstr1Input = {
    gstin: deps.seller().gstin,
    period,
    invoices: invoices.map(({ invoice }) => invoice),
    creditNotes: creditNotes.map(({ note, invoice }) => ({ note, invoice })),
  };
  return { gstr1: buildGstr1(input), input };
}

/** The revenue report from `from` to `to`, India calendar dates, both included. */
export async function revenueReport(
  deps: ReportsDeps,
  from: string,
  to: string,
): Promise<RevenueReport> {
  if (!validDate(from) || !validDate(to)) {
    throw new ReportRangeError('from and to must be dates written YYYY-MM-DD, such as 2026-11-01.');
  }
  if (to < from) throw new ReportRangeError('to must be the same day as from or later.');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > MAX_DAYS) {
    throw new ReportRangeError(`A report covers at most ${MAX_DAYS} days; choose a shorter range.`);
  }
  const { invoices, creditNotes } = await documentsIssued(
    deps,
    istMidnight(from),
    istMidnight(nextDay(to)),
  );
  return buildRevenueReport(
    from,
    to,
    invoices.map(({ purchase, invoice }) => ({
      invoice,
      category: purchase.category,
      kind: saleKindOf(purchase),
    })),
    creditNotes.map(({ purchase, note }) => ({ note, category: purchase.category })),
  );
}
