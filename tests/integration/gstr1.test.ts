/**
 * GSTR-1 over a month of invoices (issue #27), on the purchases table in dynalite with its month
 * indexes: 60 purchases across November 2026 (and a few just outside it, by India's clock), each
 * numbered as fulfilment numbers it, some refunded in full or in part with a credit note. The
 * return read through the indexes holds every November invoice once; its totals equal the
 * invoices' to the paisa; buyers with a GSTIN are in b2b invoice-wise, the others in b2cs; a
 * credit note against a B2B invoice is in cdnr; and it passes GSTN's schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPurchasesStore } from '../../lambdas/adapters/dynamodb/purchases-table';
import { CATALOG } from '../../lambdas/domain/catalog';
import type { BillingDetails } from '../../lambdas/domain/gst';
import { formatDocumentNumber, type SellerDetails } from '../../lambdas/domain/invoice';
import { DURATIONS, quote } from '../../lambdas/domain/pricing';
import type { PurchaseRecord } from '../../lambdas/ports/purchases';
import { gstr1Report } from '../../lambdas/use-cases/admin/reports';
import { creditNoteOf, invoiceOf } from '../../lambdas/use-cases/tax-documents';
import { startDynalite, type Dynalite } from '../helpers/dynalite';
import { gstr1Schema } from '../helpers/gstr1-schema';

const seller: SellerDetails = {
  legalName: 'Sample Hosting Private Limited',
  line1: '3rd Floor, 12 Residency Road',
  city: 'Bengaluru',
  pincode: '560025',
  state: 'Karnataka',
  gstin: '29AABCS1234Q1Z0',
};
const home: BillingDetails = {
  name: 'Asha Verma',
  line1: '14, 2nd Cross',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560011',
};
const kerala: BillingDetails = { ...home, city: 'Kochi', state: 'Kerala', pincode: '682001' };
const business: BillingDetails = {
  name: 'Asha Traders Private Limited',
  line1: 'Office 402, Sai Heights',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411045',
  gstin: '27AAFCA5678K1Z6',
};
const BILLINGS = [business, home, kerala, undefined] as const;
const PLANS = CATALOG.filter((p) => p.category !== 'domain');

let db: Dynalite;
let store: DynamoPurchasesStore;
beforeAll(async () => {
  db = await startDynalite();
  store = new DynamoPurchasesStore(db.client, db.table('purchases'));
});
afterAll(async () => db?.stop());

const paise = (rupees: number) => Math.round(rupees * 100);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('GSTR-1 for November 2026 from the purchases table', () => {
  it('equals the month’s invoices to the paisa, B2B apart from B2C, credit notes in cdnr', async () => {
    // 31 October 18:29 UTC is 23:59 IST (October); 30 November 18:30 UTC is 1 December in India.
    const instants = [
      '2026-10-31T18:29:00.000Z',
      ...Array.from({ length: 60 }, (_, i) =>
        new Date(Date.parse('2026-10-31T18:31:00.000Z') + i * 12 * 3_600_000).toISOString(),
      ),
      '2026-11-30T18:30:00.000Z',
    ];
    const purchases: PurchaseRecord[] = [];
    for (const [i, at] of instants.entries()) {
      const plan = PLANS[i % PLANS.length]!;
      const billing = BILLINGS[i % BILLINGS.length];
      const q = quote(plan, DURATIONS[i % DURATIONS.length]!);
      const purchase: PurchaseRecord = {
        userId: `user-gstr1-${i % 7}`,
        purchaseId: `pur_pay_Gstr1${String(i).padStart(4, '0')}`,
        paymentId: `pay_Gstr1${String(i).padStart(4, '0')}`,
        orderId: `order_Gstr1${String(i).padStart(4, '0')}`,
        planId: plan.id,
        planName: plan.name,
        category: plan.category,
        months: q.months,
        purchaseDate: at,
        startDate: at,
        renewalDate: '2027-12-01T00:00:00.000Z',
        amountPaise: q.totalPaise,
        currency: 'INR',
        quote: q,
        email: 'asha@example.in',
        name: 'Asha Verma',
        createdAt: at,
        ...(billing ? { billing } : {}),
        seller,
      };
      expect(await store.createPurchase(purchase)).toBe(true);
      const number = formatDocumentNumber('invoice', at, i + 1);
      await store.setDocumentNumber(purchase.userId, purchase.purchaseId, 'invoice', number, at);
      purchases.push({ ...purchase, invoiceNumber: number, invoiceIssuedAt: at });
    }
    // Every fifth November purchase refunded: in full, or ₹500 of it; its credit note in November.
    let notes = 0;
    for (const [i, purchase] of purchases.entries()) {
      if (i === 0 || i === purchases.length - 1 || i % 5 !== 0) continue;
      notes += 1;
      const at = '2026-11-29T06:00:00.000Z';
      const amountPaise = i % 10 === 0 ? purchase.amountPaise : 50_000;
      await store.setCreditNoteRefund(purchase.userId, purchase.purchaseId, { amountPaise });
      const number = formatDocumentNumber('credit_note', at, notes);
      await store.setDocumentNumber(
        purchase.userId,
        purchase.purchaseId,
        'credit_note',
        number,
        at,
      );
    }

    const { gstr1 } = await gstr1Report({ purchases: store, seller: () => seller }, '2026-11');

    expect(gstr1Schema.parse(gstr1)).toEqual(gstr1);
    const november = purchases.slice(1, -1);
    const invoices = november.map((p) =>
      invoiceOf({ ...p, invoiceNumber: p.invoiceNumber! }, () => seller),
    );
    const stored = await Promise.all(
      november.map((p) => store.getPurchase(p.userId, p.purchaseId)),
    );
    const credited = stored.flatMap((p) =>
      p?.creditNoteNumber && p.creditNoteRefund
        ? [
            creditNoteOf(
              {
                ...p,
                invoiceNumber: p.invoiceNumber!,
                creditNoteNumber: p.creditNoteNumber,
                creditNoteRefund: p.creditNoteRefund,
              },
              () => seller,
            ),
          ]
        : [],
    );
    expect(credited).toHaveLength(notes);

    // Every November invoice once, none from October or December.
    const doc = gstr1.doc_issue.doc_det.find((d) => d.doc_num === 1)!.docs[0]!;
    expect(doc).toMatchObject({
      from: 'INV/26-27/000002',
      to: 'INV/26-27/000061',
      totnum: 60,
      cancel: 0,
      net_issue: 60,
    });
    expect(gstr1.doc_issue.doc_det.find((d) => d.doc_num === 5)!.docs[0]!.net_issue).toBe(notes);

    // The SAC summary: the invoices' taxable value and tax, less the credit notes', to the paisa.
    // In Table 12's two tabs (GSTN, May 2025): registered buyers' invoices less their notes in
    // B2B, the rest in B2C; together every invoice less every note.
    const b2bTab = gstr1.hsn.hsn_b2b![0]!;
    const b2cTab = gstr1.hsn.hsn_b2c![0]!;
    expect(paise(b2bTab.txval) + paise(b2cTab.txval)).toBe(
      sum(invoices.map((inv) => inv.taxablePaise)) - sum(credited.map((c) => c.note.taxablePaise)),
    );
    const taxOfRow = (row: typeof b2bTab) => paise(row.iamt) + paise(row.camt) + paise(row.samt);
    expect(taxOfRow(b2bTab) + taxOfRow(b2cTab)).toBe(
      sum(invoices.map((inv) => inv.taxPaise)) - sum(credited.map((c) => c.note.taxPaise)),
    );
    const toRegistered = (inv: { buyer: { gstin?: string } }) => Boolean(inv.buyer.gstin);
    expect(paise(b2bTab.txval)).toBe(
      sum(invoices.filter(toRegistered).map((inv) => inv.taxablePaise)) -
        sum(credited.filter((c) => toRegistered(c.invoice)).map((c) => c.note.taxablePaise)),
    );

    // B2B: exactly the buyers with a GSTIN, invoice-wise, values equal to the invoices'.
    const b2bInvoices = invoices.filter((inv) => inv.buyer.gstin);
    expect(gstr1.b2b.map((p) => p.ctin)).toEqual(['27AAFCA5678K1Z6']);
    expect(gstr1.b2b[0]!.inv.map((i) => i.inum).sort()).toEqual(
      b2bInvoices.map((i) => i.number).sort(),
    );
    expect(sum(gstr1.b2b[0]!.inv.map((i) => paise(i.val)))).toBe(
      sum(b2bInvoices.map((i) => i.totalPaise)),
    );

    // B2C small: every other invoice, by place of supply, net of its credit notes.
    const b2cTaxable =
      sum(invoices.filter((inv) => !inv.buyer.gstin).map((inv) => inv.taxablePaise)) -
      sum(credited.filter((c) => !c.invoice.buyer.gstin).map((c) => c.note.taxablePaise));
    const b2clTaxable = sum(
      (gstr1.b2cl ?? []).flatMap((g) => g.inv.map((i) => paise(i.itms[0]!.itm_det.txval))),
    );
    const cdnurTaxable = sum((gstr1.cdnur ?? []).map((n) => paise(n.itms[0]!.itm_det.txval)));
    expect(sum(gstr1.b2cs.map((row) => paise(row.txval))) + b2clTaxable - cdnurTaxable).toBe(
      b2cTaxable,
    );
    expect(new Set(gstr1.b2cs.map((row) => row.pos))).toEqual(new Set(['29', '32']));

    // Credit notes against B2B invoices: in cdnr under the buyer's GSTIN.
    const b2bNotes = credited.filter((c) => c.invoice.buyer.gstin);
    expect(b2bNotes.length).toBeGreaterThan(0);
    expect(gstr1.cdnr[0]!.nt.map((n) => n.nt_num).sort()).toEqual(
      b2bNotes.map((c) => c.note.number).sort(),
    );
  });
});
