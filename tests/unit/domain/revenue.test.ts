/**
 * The revenue report (lambdas/domain/revenue.ts, issue #27): per India day and category, what was
 * invoiced, what credit notes gave back, the GST still owed by tax and the net, sales by kind;
 * and its CSV. The report reads a document's date, total and tax lines only, so the documents
 * here carry just those, with the figures of invoice.test.ts's worked examples.
 */
import { describe, expect, it } from 'vitest';
import type {
  CreditNoteDocument,
  InvoiceDocument,
  TaxLine,
  TaxName,
} from '../../../lambdas/domain/invoice';
import {
  buildRevenueReport,
  revenueCsv,
  type RevenueCreditNote,
  type RevenueInvoice,
} from '../../../lambdas/domain/revenue';

const taxLines = (...lines: [TaxName, number][]): TaxLine[] =>
  lines.map(([tax, amountPaise]) => ({
    tax,
    ratePercent: tax === 'IGST' ? 18 : 9,
    amountPaise,
  }));

function invoice(date: string, totalPaise: number, lines: TaxLine[]): InvoiceDocument {
  return {
    kind: 'invoice',
    date,
    totalPaise,
    taxLines: lines,
  } as Partial<InvoiceDocument> as InvoiceDocument;
}

function note(date: string, totalPaise: number, lines: TaxLine[]): CreditNoteDocument {
  return {
    kind: 'credit_note',
    date,
    totalPaise,
    taxLines: lines,
  } as Partial<CreditNoteDocument> as CreditNoteDocument;
}

// Karnataka seller. A Karnataka buyer's year of Basic Hosting: 35,385.84 with CGST + SGST 2,698.92.
const newHosting: RevenueInvoice = {
  invoice: invoice('2026-11-22', 3_538_584, taxLines(['CGST', 269_892], ['SGST', 269_892])),
  category: 'hosting',
  kind: 'new',
};
// A Maharashtra business's renewal: 50,955.61 with IGST 7,772.89.
const renewedHosting: RevenueInvoice = {
  invoice: invoice('2026-11-22', 5_095_561, taxLines(['IGST', 777_289])),
  category: 'hosting',
  kind: 'renewal',
};
// A plan change sold by a seller in Chandigarh to a buyer there: CGST + UTGST.
const changedDomain: RevenueInvoice = {
  invoice: invoice('2026-11-22', 118_000, taxLines(['CGST', 9_000], ['UTGST', 9_000])),
  category: 'domain',
  kind: 'plan_change',
};
const newVps: RevenueInvoice = {
  invoice: invoice('2026-11-21', 100_000, taxLines(['IGST', 15_254])),
  category: 'vps',
  kind: 'new',
};
// ₹10,000 back on the Karnataka invoice: CGST + SGST 762.71 each.
const hostingRefund: RevenueCreditNote = {
  note: note('2026-11-22', 1_000_000, taxLines(['CGST', 76_271], ['SGST', 76_271])),
  category: 'hosting',
};

const NOTHING = {
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
};

describe('the revenue report', () => {
  // Made in each test, not when the file is read, so a change StrykerJS switches on reaches it.
  const november = () =>
    buildRevenueReport(
      '2026-11-01',
      '2026-11-30',
      [newHosting, changedDomain, renewedHosting, newVps],
      [hostingRefund],
    );

  it('sums each day and category in paise: gross, refunds, the GST owed by tax and the net (worked example)', () => {
    const report = november();
    expect(report.from).toBe('2026-11-01');
    expect(report.to).toBe('2026-11-30');
    expect(report.rows).toEqual([
      {
        ...NOTHING,
        date: '2026-11-21',
        category: 'vps',
        grossPaise: 100_000,
        igstPaise: 15_254,
        netPaise: 84_746,
        newPaise: 100_000,
        newCount: 1,
      },
      {
        ...NOTHING,
        date: '2026-11-22',
        category: 'domain',
        grossPaise: 118_000,
        cgstPaise: 9_000,
        sgstPaise: 9_000, // UTGST is owed as the state's share
        netPaise: 100_000,
        planChangePaise: 118_000,
        planChangeCount: 1,
      },
      {
        date: '2026-11-22',
        category: 'hosting',
        // 35,385.84 + 50,955.61
        grossPaise: 8_634_145,
        refundsPaise: 1_000_000,
        // 2,698.92 − 762.71 each; the IGST of the renewal
        cgstPaise: 193_621,
        sgstPaise: 193_621,
        igstPaise: 777_289,
        // 86,341.45 − 10,000.00 − 1,936.21 − 1,936.21 − 7,772.89
        netPaise: 6_469_614,
        newPaise: 3_538_584,
        renewalPaise: 5_095_561,
        planChangePaise: 0,
        newCount: 1,
        renewalCount: 1,
        planChangeCount: 0,
        refundCount: 1,
      },
    ]);
  });

  it('totals every row', () => {
    const report = november();
    expect(report.totals).toEqual({
      grossPaise: 8_852_145,
      refundsPaise: 1_000_000,
      cgstPaise: 202_621,
      sgstPaise: 202_621,
      igstPaise: 792_543,
      netPaise: 6_654_360,
      newPaise: 3_638_584,
      renewalPaise: 5_095_561,
      planChangePaise: 118_000,
      newCount: 2,
      renewalCount: 1,
      planChangeCount: 1,
      refundCount: 1,
    });
  });

  it('gives a day with only a credit note its own row, net of the tax given back', () => {
    const { rows, totals } = buildRevenueReport(
      '2026-12-01',
      '2026-12-01',
      [],
      [{ ...hostingRefund, note: { ...hostingRefund.note, date: '2026-12-01' } }],
    );
    expect(rows).toEqual([
      {
        ...NOTHING,
        date: '2026-12-01',
        category: 'hosting',
        refundsPaise: 1_000_000,
        cgstPaise: -76_271,
        sgstPaise: -76_271,
        netPaise: -847_458,
        refundCount: 1,
      },
    ]);
    const { date: _date, category: _category, ...figures } = rows[0]!;
    expect(totals).toEqual(figures);
  });

  it('is empty, with nothing in its totals, for a range without documents', () => {
    expect(buildRevenueReport('2026-11-01', '2026-11-30', [], [])).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      rows: [],
      totals: NOTHING,
    });
  });
});

describe('the revenue report as CSV', () => {
  it('writes rupees with two decimals, counts as they are, a totals line last, CRLF lines', () => {
    const report = buildRevenueReport(
      '2026-11-22',
      '2026-12-01',
      [newHosting, changedDomain],
      [hostingRefund, { note: note('2026-12-01', 5, taxLines(['IGST', 1])), category: 'storage' }],
    );
    expect(revenueCsv(report).split('\r\n')).toEqual([
      'date,category,gross (₹),refunds (₹),cgst (₹),sgst (₹),igst (₹),net (₹),new (₹),renewal (₹),planChange (₹),newCount,renewalCount,planChangeCount,refundCount',
      '2026-11-22,domain,1180.00,0.00,90.00,90.00,0.00,1000.00,0.00,0.00,1180.00,0,0,1,0',
      '2026-11-22,hosting,35385.84,10000.00,1936.21,1936.21,0.00,21513.42,35385.84,0.00,0.00,1,0,0,1',
      '2026-12-01,storage,0.00,0.05,0.00,0.00,-0.01,-0.04,0.00,0.00,0.00,0,0,0,1',
      'total,,36565.84,10000.05,2026.21,2026.21,-0.01,22513.38,35385.84,0.00,1180.00,1,0,1,2',
      '',
    ]);
  });
});
