import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { CATALOG } from '../../../lambdas/domain/catalog';
import type { BillingDetails } from '../../../lambdas/domain/gst';
import {
  buildGstr1,
  gstr1CsvFiles,
  rupees,
  rupeesText,
  supplyTableOf,
  type CreditedInvoice,
} from '../../../lambdas/domain/gstr1';
import {
  buildCreditNote,
  buildInvoice,
  formatDocumentNumber,
  type InvoiceDocument,
  type SellerDetails,
} from '../../../lambdas/domain/invoice';
import { DURATIONS, quote } from '../../../lambdas/domain/pricing';
import { gstr1Schema } from '../../helpers/gstr1-schema';

const seller: SellerDetails = {
  legalName: 'Sample Hosting Private Limited',
  line1: '3rd Floor, 12 Residency Road',
  city: 'Bengaluru',
  pincode: '560025',
  state: 'Karnataka',
  gstin: '29AABCS1234Q1Z0',
};
const karnatakaHome: BillingDetails = {
  name: 'Asha Verma',
  line1: '14, 2nd Cross',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560011',
};
const keralaHome: BillingDetails = {
  ...karnatakaHome,
  city: 'Kochi',
  state: 'Kerala',
  pincode: '682001',
};
const puneBusiness: BillingDetails = {
  name: 'Asha Traders Private Limited',
  line1: 'Office 402, Sai Heights',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411045',
  gstin: '27AAFCA5678K1Z6',
};

let sequence = 0;
function invoice(
  billing: BillingDetails | null,
  planId = 'basichosting',
  months: (typeof DURATIONS)[number] = 12,
  day = 5,
): InvoiceDocument {
  sequence += 1;
  const issuedAt = `2026-11-${String(day).padStart(2, '0')}T06:00:00Z`;
  const plan = CATALOG.find((p) => p.id === planId)!;
  return buildInvoice({
    number: formatDocumentNumber('invoice', issuedAt, sequence),
    issuedAt,
    purchase: {
      paymentId: `pay_${sequence}`,
      orderId: `order_${sequence}`,
      planName: plan.name,
      startDate: issuedAt,
      renewalDate: '2027-11-05T06:00:00Z',
      name: 'Asha Verma',
      email: 'asha@example.in',
      quote: quote(plan, months),
    },
    billing,
    seller,
  });
}

function credit(of: InvoiceDocument, refundPaise: number, n: number): CreditedInvoice {
  const issuedAt = '2026-11-20T06:00:00Z';
  return {
    invoice: of,
    note: buildCreditNote({
      number: formatDocumentNumber('credit_note', issuedAt, n),
      issuedAt,
      invoice: of,
      refundPaise,
    }),
  };
}

const paise = (value: number) => Math.round(value * 100);
const sumOf = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('GSTR-1 for a month', () => {
  it('puts a buyer with a GSTIN in b2b invoice-wise, and the others in b2cs by place of supply', () => {
    const b2b = invoice(puneBusiness);
    const home = invoice(karnatakaHome);
    const kerala = invoice(keralaHome);
    const noAddress = invoice(null);
    const gstr1 = buildGstr1({
      gstin: seller.gstin,
      period: '2026-11',
      invoices: [b2b, home, kerala, noAddress],
      creditNotes: [],
    });

    expect(gstr1Schema.parse(gstr1)).toEqual(gstr1);
    expect(gstr1.fp).toBe('112026');
    expect(gstr1.b2b).toEqual([
      {
        ctin: '27AAFCA5678K1Z6',
        inv: [
          {
            inum: b2b.number,
            idt: '05-11-2026',
            val: rupees(b2b.totalPaise),
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [
              {
                num: 1,
                itm_det: {
                  txval: rupees(b2b.taxablePaise),
                  rt: 18,
                  iamt: rupees(b2b.taxPaise),
                  camt: 0,
                  samt: 0,
                  csamt: 0,
                },
              },
            ],
          },
        ],
      },
    ]);
    // Karnataka (the seller's state) twice: one with an address there, one with none at all.
    const intra = gstr1.b2cs.find((row) => row.pos === '29')!;
    expect(intra.sply_ty).toBe('INTRA');
    expect(paise(intra.txval)).toBe(home.taxablePaise + noAddress.taxablePaise);
    expect(paise(intra.camt) + paise(intra.samt)).toBe(home.taxPaise + noAddress.taxPaise);
    expect(intra.iamt).toBe(0);
    const inter = gstr1.b2cs.find((row) => row.pos === '32')!;
    expect(inter).toMatchObject({ sply_ty: 'INTER', rt: 18, typ: 'OE', camt: 0, samt: 0 });
    expect(paise(inter.iamt)).toBe(kerala.taxPaise);
    expect(gstr1.b2cl).toBeUndefined();
  });

  it('reports credit notes against B2B invoices in cdnr and takes B2C ones off b2cs', () => {
    const b2b = invoice(puneBusiness);
    const home = invoice(karnatakaHome);
    const partOfB2b = credit(b2b, 50_000, 1);
    const allOfHome = credit(home, home.totalPaise, 2);
    const gstr1 = buildGstr1({
      gstin: seller.gstin,
      period: '2026-11',
      invoices: [b2b, home],
      creditNotes: [partOfB2b, allOfHome],
    });

    expect(gstr1Schema.parse(gstr1)).toEqual(gstr1);
    expect(gstr1.cdnr).toEqual([
      {
        ctin: '27AAFCA5678K1Z6',
        nt: [
          expect.objectContaining({
            ntty: 'C',
            nt_num: 'CN/26-27/000001',
            nt_dt: '20-11-2026',
            val: 500,
            pos: '27',
          }),
        ],
      },
    ]);
    const noteTax = gstr1.cdnr[0]!.nt[0]!.itms[0]!.itm_det;
    expect(paise(noteTax.txval) + paise(noteTax.iamt)).toBe(50_000);
    // The home invoice was refunded whole: Karnataka's b2cs nets to nothing.
    expect(gstr1.b2cs).toEqual([
      {
        sply_ty: 'INTRA',
        pos: '29',
        typ: 'OE',
        rt: 18,
        txval: 0,
        iamt: 0,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
    ]);
    // Table 12's two tabs: the registered buyer's invoice less its note; the home one, refunded
    // whole, nets to nothing.
    expect(paise(gstr1.hsn.hsn_b2b![0]!.txval)).toBe(
      b2b.taxablePaise - partOfB2b.note.taxablePaise,
    );
    expect(gstr1.hsn.hsn_b2c).toEqual([
      expect.objectContaining({ hsn_sc: '998315', txval: 0, iamt: 0, camt: 0, samt: 0 }),
    ]);
    expect(gstr1.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [
          {
            num: 1,
            from: b2b.number,
            to: home.number,
            totnum: 2,
            cancel: 0,
            net_issue: 2,
          },
        ],
      },
      {
        doc_num: 5,
        doc_typ: 'Credit Note',
        docs: [
          {
            num: 1,
            from: 'CN/26-27/000001',
            to: 'CN/26-27/000002',
            totnum: 2,
            cancel: 0,
            net_issue: 2,
          },
        ],
      },
    ]);
  });

  it('puts an inter-state unregistered invoice above ₹1,00,000 in b2cl, and its credit note in cdnur', () => {
    const large = invoice(keralaHome, 'enterprisehosting', 36);
    expect(large.totalPaise).toBeGreaterThan(10_000_000);
    const note = credit(large, 100_000, 3);
    const gstr1 = buildGstr1({
      gstin: seller.gstin,
      period: '2026-11',
      invoices: [large],
      creditNotes: [note],
    });
    expect(gstr1Schema.parse(gstr1)).toEqual(gstr1);
    expect(gstr1.b2cl?.[0]?.pos).toBe('32');
    expect(gstr1.b2cl?.[0]?.inv[0]?.inum).toBe(large.number);
    expect(gstr1.cdnur).toEqual([
      expect.objectContaining({ typ: 'B2CL', nt_num: note.note.number, val: 1000 }),
    ]);
    expect(gstr1.b2cs).toEqual([]);
  });

  it('counts a gap in a series as cancelled', () => {
    const first = invoice(null);
    sequence += 1; // a number never used
    const third = invoice(null);
    const gstr1 = buildGstr1({
      gstin: seller.gstin,
      period: '2026-11',
      invoices: [third, first],
      creditNotes: [],
    });
    expect(gstr1.doc_issue.doc_det[0]!.docs[0]).toMatchObject({
      from: first.number,
      to: third.number,
      totnum: 3,
      cancel: 1,
      net_issue: 2,
    });
  });

  it('adds up to the invoices to the paisa, whatever the mix of buyers and plans', () => {
    const billings = [puneBusiness, karnatakaHome, keralaHome, null];
    const plans = CATALOG.filter((p) => p.category !== 'domain').map((p) => p.id);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            billing: fc.constantFrom(...billings),
            plan: fc.constantFrom(...plans),
            months: fc.constantFrom(...DURATIONS),
            refund: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        (sales) => {
          sequence = 0;
          let notes = 0;
          const invoices = sales.map((sale) => invoice(sale.billing, sale.plan, sale.months));
          const creditNotes = sales.flatMap((sale, i) => {
            const of = invoices[i]!;
            if (sale.refund === undefined) return [];
            notes += 1;
            return [credit(of, Math.min(sale.refund, of.totalPaise), notes)];
          });
          const gstr1 = buildGstr1({
            gstin: seller.gstin,
            period: '2026-11',
            invoices,
            creditNotes,
          });
          gstr1Schema.parse(gstr1);

          const invoiced = sumOf(invoices.map((inv) => inv.taxablePaise));
          const credited = sumOf(creditNotes.map((c) => c.note.taxablePaise));
          const taxInvoiced = sumOf(invoices.map((inv) => inv.taxPaise));
          const taxCredited = sumOf(creditNotes.map((c) => c.note.taxPaise));
          // Table 12's tabs together: every invoice less every note, to the paisa; the B2B tab
          // exactly the registered buyers' invoices less the notes against them.
          const tabs = [...(gstr1.hsn.hsn_b2b ?? []), ...(gstr1.hsn.hsn_b2c ?? [])];
          expect(sumOf(tabs.map((row) => paise(row.txval)))).toBe(invoiced - credited);
          expect(
            sumOf(tabs.map((row) => paise(row.iamt) + paise(row.camt) + paise(row.samt))),
          ).toBe(taxInvoiced - taxCredited);
          const registered = (inv: { buyer: { gstin?: string } }) => Boolean(inv.buyer.gstin);
          const b2bTab = sumOf((gstr1.hsn.hsn_b2b ?? []).map((row) => paise(row.txval)));
          expect(b2bTab).toBe(
            sumOf(invoices.filter(registered).map((inv) => inv.taxablePaise)) -
              sumOf(
                creditNotes.filter((c) => registered(c.invoice)).map((c) => c.note.taxablePaise),
              ),
          );
          expect(gstr1.hsn.hsn_b2b !== undefined).toBe(
            invoices.some(registered) || creditNotes.some((c) => registered(c.invoice)),
          );

          // The sections hold every invoice's taxable value once, and every note's once.
          const b2bTx = sumOf(
            gstr1.b2b.flatMap((p) => p.inv.map((i) => paise(i.itms[0]!.itm_det.txval))),
          );
          const b2clTx = sumOf(
            (gstr1.b2cl ?? []).flatMap((g) => g.inv.map((i) => paise(i.itms[0]!.itm_det.txval))),
          );
          const b2csTx = sumOf(gstr1.b2cs.map((row) => paise(row.txval)));
          const cdnrTx = sumOf(
            gstr1.cdnr.flatMap((p) => p.nt.map((n) => paise(n.itms[0]!.itm_det.txval))),
          );
          const cdnurTx = sumOf((gstr1.cdnur ?? []).map((n) => paise(n.itms[0]!.itm_det.txval)));
          expect(b2bTx + b2clTx + b2csTx - cdnrTx - cdnurTx).toBe(invoiced - credited);
          expect(sumOf(gstr1.b2b.flatMap((p) => p.inv.map((i) => paise(i.val))))).toBe(
            sumOf(invoices.filter((inv) => inv.buyer.gstin).map((inv) => inv.totalPaise)),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('GSTR-1 CSV files', () => {
  it('writes each section with two decimals, and names the invoice a credit note adjusts', () => {
    sequence = 0;
    const b2b = invoice(puneBusiness);
    const note = credit(b2b, 12_345, 1);
    const input = { gstin: seller.gstin, period: '2026-11', invoices: [b2b], creditNotes: [note] };
    const files = gstr1CsvFiles(buildGstr1(input), input);
    expect(Object.keys(files).sort()).toEqual(
      [
        'b2b.csv',
        'b2cl.csv',
        'b2cs.csv',
        'cdnr.csv',
        'cdnur.csv',
        'docs.csv',
        'hsn(b2b).csv',
        'hsn(b2c).csv',
      ].sort(),
    );
    const b2bRow = files['b2b.csv']!.split('\r\n')[1]!.split(',');
    expect(b2bRow.slice(0, 5)).toEqual([
      '27AAFCA5678K1Z6',
      b2b.number,
      '05-11-2026',
      rupeesText(b2b.totalPaise),
      '27-Maharashtra',
    ]);
    expect(files['cdnr.csv']).toContain(
      `CN/26-27/000001,20-11-2026,C,${b2b.number},05-11-2026,27-Maharashtra,123.45,`,
    );
    expect(rupeesText(-5)).toBe('-0.05');
    expect(rupeesText(100)).toBe('1.00');
  });
});

describe('GSTR-1 CSV files, every section', () => {
  it('lays out B2C large and small, unregistered notes, both HSN tabs and the document series', () => {
    sequence = 0;
    const b2b = invoice(puneBusiness);
    const home = invoice(karnatakaHome);
    sequence += 1; // a number never used: cancelled
    const large = invoice(keralaHome, 'enterprisehosting', 36);
    const note = credit(large, 100_000, 1);
    const input = {
      gstin: seller.gstin,
      period: '2026-11',
      invoices: [b2b, home, large],
      creditNotes: [note],
    };
    const files = gstr1CsvFiles(buildGstr1(input), input);
    const rows = (name: string) => files[name]!.split('\r\n');
    const money = (value: number) => rupeesText(value);

    expect(rows('b2b.csv')).toEqual([
      'GSTIN/UIN of Recipient,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Invoice Type,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
      `27AAFCA5678K1Z6,${b2b.number},05-11-2026,${money(b2b.totalPaise)},27-Maharashtra,N,Regular B2B,18,${money(b2b.taxablePaise)},${money(b2b.taxPaise)},0.00,0.00,0.00`,
      '',
    ]);
    expect(rows('cdnr.csv')).toEqual([
      'GSTIN/UIN of Recipient,Note Number,Note Date,Note Type,Original Invoice Number,Original Invoice Date,Place Of Supply,Note Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
      '',
    ]);
    expect(rows('b2cl.csv')).toEqual([
      'Invoice Number,Invoice date,Invoice Value,Place Of Supply,Rate,Taxable Value,Integrated Tax Amount,Cess Amount',
      `${large.number},05-11-2026,${money(large.totalPaise)},32-Kerala,18,${money(large.taxablePaise)},${money(large.taxPaise)},0.00`,
      '',
    ]);
    expect(rows('b2cs.csv')).toEqual([
      'Type,Place Of Supply,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
      `OE,29-Karnataka,18,${money(home.taxablePaise)},0.00,${money(home.taxLines[0]!.amountPaise)},${money(home.taxLines[1]!.amountPaise)},0.00`,
      '',
    ]);
    expect(rows('cdnur.csv')).toEqual([
      'UR Type,Note Number,Note Date,Note Type,Original Invoice Number,Original Invoice Date,Place Of Supply,Note Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
      `B2CL,CN/26-27/000001,20-11-2026,C,${large.number},05-11-2026,32-Kerala,1000.00,18,${money(note.note.taxablePaise)},${money(note.note.taxPaise)},0.00,0.00,0.00`,
      '',
    ]);
    const hsnHeader =
      'HSN,Description,UQC,Total Quantity,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount';
    expect(rows('hsn(b2b).csv')).toEqual([
      hsnHeader,
      `998315,Hosting and IT infrastructure,NA,0,18,${money(b2b.taxablePaise)},${money(b2b.taxPaise)},0.00,0.00,0.00`,
      '',
    ]);
    // The B2C tab: the home and the large invoice, less the note against the large one.
    const b2cTaxable = home.taxablePaise + large.taxablePaise - note.note.taxablePaise;
    const b2cIgst = large.taxPaise - note.note.taxPaise;
    expect(rows('hsn(b2c).csv')).toEqual([
      hsnHeader,
      `998315,Hosting and IT infrastructure,NA,0,18,${money(b2cTaxable)},${money(b2cIgst)},${money(home.taxLines[0]!.amountPaise)},${money(home.taxLines[1]!.amountPaise)},0.00`,
      '',
    ]);
    expect(rows('docs.csv')).toEqual([
      'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
      `Invoices for outward supply,${b2b.number},${large.number},4,1`,
      'Credit Note,CN/26-27/000001,CN/26-27/000001,1,0',
      '',
    ]);
  });

  it('writes only the header of a section with nothing in it', () => {
    sequence = 0;
    const home = invoice(karnatakaHome);
    const input = { gstin: seller.gstin, period: '2026-11', invoices: [home], creditNotes: [] };
    const files = gstr1CsvFiles(buildGstr1(input), input);
    for (const name of ['b2b.csv', 'b2cl.csv', 'cdnr.csv', 'cdnur.csv', 'hsn(b2b).csv']) {
      expect(files[name]!.split('\r\n'), name).toHaveLength(2);
    }
  });
});

describe('the edges of GSTR-1', () => {
  it('puts an inter-state unregistered invoice of exactly ₹1,00,000 in b2cs, one paisa more in b2cl', () => {
    const at = (totalPaise: number) => ({
      ...invoice(keralaHome),
      totalPaise,
    });
    expect(supplyTableOf(at(10_000_000), '29')).toBe('b2cs');
    expect(supplyTableOf(at(10_000_001), '29')).toBe('b2cl');
    expect(supplyTableOf(at(10_000_001), '32')).toBe('b2cs');
  });

  it('refuses a period, a GSTIN or an amount that is not one, naming it', () => {
    const input = { gstin: seller.gstin, period: '2026-11', invoices: [], creditNotes: [] };
    expect(() => buildGstr1({ ...input, period: '2026-13' })).toThrow(
      new RangeError('not a tax period (YYYY-MM): 2026-13'),
    );
    expect(() => buildGstr1({ ...input, gstin: '99AABCS1234Q1Z0' })).toThrow(
      new RangeError('not a GSTIN: 99AABCS1234Q1Z0'),
    );
    expect(() => rupees(1.5)).toThrow(new RangeError('not whole paise: 1.5'));
    expect(() => rupeesText(1.5)).toThrow(new RangeError('not whole paise: 1.5'));
    const stray = { ...invoice(null), number: 'INV 7' };
    expect(() => buildGstr1({ ...input, invoices: [stray] })).toThrow(
      new RangeError('not a document number: INV 7'),
    );
  });

  it('counts UTGST, charged by a seller in a union territory without a legislature, as State/UT tax', () => {
    const home = invoice(karnatakaHome);
    const utgst = {
      ...home,
      taxLines: home.taxLines.map((line) =>
        line.tax === 'SGST' ? { ...line, tax: 'UTGST' as const } : line,
      ),
    };
    const gstr1 = buildGstr1({
      gstin: seller.gstin,
      period: '2026-11',
      invoices: [utgst],
      creditNotes: [],
    });
    expect(paise(gstr1.b2cs[0]!.samt)).toBe(home.taxLines[1]!.amountPaise);
  });

  it('leaves out the document summary of a kind with none issued, and both HSN tabs when nothing was', () => {
    const gstr1 = buildGstr1({
      gstin: seller.gstin,
      period: '2026-11',
      invoices: [],
      creditNotes: [],
    });
    expect(gstr1.doc_issue.doc_det).toEqual([]);
    expect(gstr1.hsn).toEqual({});
    expect(gstr1).not.toHaveProperty('b2cl');
    expect(gstr1).not.toHaveProperty('cdnur');
  });
});

describe('what the module makes when it is loaded, in a copy loaded by the test', () => {
  // The B2CL threshold, the period pattern and the zero sums are made once, when the file is
  // imported. The rules' specs share one module registry under StrykerJS
  // (vitest.stryker.config.ts), so a change to them shows only in a copy imported inside a test
  // (docs/mutation.md).
  const input0 = () => ({ gstin: seller.gstin, period: '2026-11', creditNotes: [] });

  it('reads a tax period, draws the B2CL line at ₹1,00,000 and sums from zero', async () => {
    vi.resetModules();
    const fresh = await import('../../../lambdas/domain/gstr1');
    expect(fresh.filingPeriod('2026-11')).toBe('112026');
    expect(fresh.filingPeriod('2027-01')).toBe('012027');
    for (const bad of ['2026-13', '2026-00', '12026-11', '2026-111', '2026-1']) {
      expect(() => fresh.filingPeriod(bad), bad).toThrow(RangeError);
    }
    const kerala = invoice(keralaHome);
    expect(fresh.supplyTableOf({ ...kerala, totalPaise: 10_000_000 }, '29')).toBe('b2cs');
    expect(fresh.supplyTableOf({ ...kerala, totalPaise: 10_000_001 }, '29')).toBe('b2cl');
    const gstr1 = fresh.buildGstr1({
      gstin: seller.gstin,
      period: '2026-11',
      invoices: [kerala],
      creditNotes: [],
    });
    const registered = invoice(puneBusiness);
    const withB2b = { ...input0(), invoices: [registered] };
    const files = fresh.gstr1CsvFiles(fresh.buildGstr1(withB2b), withB2b);
    const b2bRow = files['b2b.csv']!.split('\r\n')[1];
    expect(b2bRow).toBe(
      `27AAFCA5678K1Z6,${registered.number},05-11-2026,${rupeesText(registered.totalPaise)},27-Maharashtra,N,Regular B2B,18,${rupeesText(registered.taxablePaise)},${rupeesText(registered.taxPaise)},0.00,0.00,0.00`,
    );
    expect(gstr1.b2cs).toEqual([
      {
        sply_ty: 'INTER',
        pos: '32',
        typ: 'OE',
        rt: 18,
        txval: rupees(kerala.taxablePaise),
        iamt: rupees(kerala.taxPaise),
        camt: 0,
        samt: 0,
        csamt: 0,
      },
    ]);
  });
});

describe('the order of a return’s sections', () => {
  it('is by GSTIN, state and number, whatever order the documents come in', async () => {
    // byText is made at load: checked in a copy imported inside the test (docs/mutation.md).
    vi.resetModules();
    const fresh = await import('../../../lambdas/domain/gstr1');
    sequence = 0;
    const blrBusiness = {
      ...puneBusiness,
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560011',
      gstin: '29AAGCB7383J1Z4',
    };
    const pune1 = invoice(puneBusiness);
    const blr = invoice(blrBusiness);
    const pune2 = invoice(puneBusiness);
    const large1 = invoice(keralaHome, 'enterprisehosting', 36);
    const large2 = invoice(keralaHome, 'enterprisehosting', 36);
    const kerala = invoice(keralaHome);
    const home = invoice(karnatakaHome);
    const notes = [
      credit(pune1, 100, 1),
      credit(pune2, 100, 2),
      credit(large1, 100, 3),
      credit(large2, 100, 4),
    ];
    const gstr1 = fresh.buildGstr1({
      gstin: seller.gstin,
      period: '2026-11',
      invoices: [kerala, home, large2, large1, blr, pune2, pune1],
      creditNotes: [...notes].reverse(),
    });
    expect(gstr1.b2b.map((party) => [party.ctin, party.inv.map((i) => i.inum)])).toEqual([
      ['27AAFCA5678K1Z6', [pune1.number, pune2.number]],
      ['29AAGCB7383J1Z4', [blr.number]],
    ]);
    expect(gstr1.b2cl?.[0]?.inv.map((i) => i.inum)).toEqual([large1.number, large2.number]);
    expect(gstr1.b2cs.map((row) => row.pos)).toEqual(['29', '32']);
    expect(gstr1.cdnr[0]?.nt.map((n) => n.nt_num)).toEqual(['CN/26-27/000001', 'CN/26-27/000002']);
    expect(gstr1.cdnur?.map((n) => n.nt_num)).toEqual(['CN/26-27/000003', 'CN/26-27/000004']);
  });
});
