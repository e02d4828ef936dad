import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { loadEvent } from '../../../events/load-event';
import type { PurchaseCompletedDetail } from '../../../lambdas/domain/api';
import { CATALOG } from '../../../lambdas/domain/catalog';
import {
  GST_STATE_NAMES,
  findState,
  gstinCheckCharacter,
  type BillingDetails,
} from '../../../lambdas/domain/gst';
import {
  MAX_DOCUMENT_NUMBER_LENGTH,
  amountInWords,
  buildCreditNote,
  buildInvoice,
  documentNumberSlug,
  documentSeries,
  financialYearOf,
  formatDocumentNumber,
  indianNumberInWords,
  parseDocumentNumber,
  type InvoiceDocument,
  type InvoiceInput,
  type SellerDetails,
} from '../../../lambdas/domain/invoice';
import { DURATIONS, quote } from '../../../lambdas/domain/pricing';

const event = loadEvent<{ detail: PurchaseCompletedDetail }>(
  'eventbridge/purchase-completed.json',
).detail;

/** Sample seller, as the local configuration's clearly-marked defaults would be. */
const seller: SellerDetails = {
  legalName: 'Sample Hosting Private Limited',
  tradeName: 'Sample Hosting',
  line1: '3rd Floor, 12 Residency Road',
  city: 'Bengaluru',
  pincode: '560025',
  state: 'Karnataka',
  gstin: '29AABCS1234Q1Z0',
  email: 'billing@example.in',
};

const karnatakaBuyer: BillingDetails = {
  name: 'Asha Verma',
  line1: '14, 2nd Cross, Jayanagar 4th Block',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560011',
};

const maharashtraBusiness: BillingDetails = {
  name: 'Asha Traders Private Limited',
  line1: 'Office 402, Sai Heights',
  line2: 'Baner Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411045',
  gstin: '27AAFCA5678K1Z6',
};

const basicHosting = CATALOG.find((p) => p.id === 'basichosting')!;

function invoiceInput(overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  return {
    number: 'INV/26-27/000001',
    issuedAt: event.purchaseDate,
    purchase: {
      paymentId: event.paymentId,
      orderId: event.orderId,
      planName: event.planName,
      startDate: event.purchaseDate,
      renewalDate: event.renewalDate,
      name: event.name,
      email: event.email,
      quote: quote(basicHosting, 12),
    },
    billing: karnatakaBuyer,
    seller,
    ...overrides,
  };
}

describe('document numbers', () => {
  it('counts per financial year, April to March, by India’s calendar', () => {
    // 31 March 2027 23:59:59 IST is 18:29:59 UTC; a second later it is 1 April in India
    expect(financialYearOf('2027-03-31T18:29:59Z')).toEqual({ startYear: 2026, label: '26-27' });
    expect(financialYearOf('2027-03-31T18:30:00Z')).toEqual({ startYear: 2027, label: '27-28' });
    expect(financialYearOf('2026-04-01T00:00:00+05:30').label).toBe('26-27');
    expect(financialYearOf('2099-12-31T00:00:00Z').label).toBe('99-00');
  });

  it('formats INV/26-27/000001 and CN/26-27/000001 in at most 16 characters', () => {
    expect(formatDocumentNumber('invoice', '2026-11-22T02:02:03Z', 1)).toBe('INV/26-27/000001');
    expect(formatDocumentNumber('credit_note', '2026-11-22T02:02:03Z', 42)).toBe('CN/26-27/000042');
    expect(formatDocumentNumber('invoice', '2027-01-01T00:00:00Z', 999_999)).toHaveLength(16);
    expect(() => formatDocumentNumber('invoice', '2027-01-01T00:00:00Z', 1_000_000)).toThrow();
    expect(() => formatDocumentNumber('invoice', '2027-01-01T00:00:00Z', 0)).toThrow();
    expect(documentSeries('invoice', '2027-04-01T00:00:00+05:30')).toBe('INV/27-28');
  });

  it('reads a number back, also in the slash-free form a URL carries', () => {
    expect(parseDocumentNumber('INV/26-27/000001')).toEqual({
      kind: 'invoice',
      financialYear: '26-27',
      sequence: 1,
      number: 'INV/26-27/000001',
    });
    expect(documentNumberSlug('CN/26-27/000007')).toBe('CN-26-27-000007');
    expect(parseDocumentNumber('CN-26-27-000007')?.number).toBe('CN/26-27/000007');
    expect(parseDocumentNumber('INV/26-28/000001')).toBeNull();
    expect(parseDocumentNumber('INV/26-27/000000')).toBeNull();
    expect(parseDocumentNumber('INV/26-27/1')).toBeNull();
    expect(parseDocumentNumber('../etc/passwd')).toBeNull();
  });

  it('round-trips every date and sequence within 16 characters (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2098-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 999_999 }),
        fc.constantFrom('invoice' as const, 'credit_note' as const),
        (date, sequence, kind) => {
          const number = formatDocumentNumber(kind, date, sequence);
          expect(number.length).toBeLessThanOrEqual(MAX_DOCUMENT_NUMBER_LENGTH);
          expect(parseDocumentNumber(number)).toEqual({
            kind,
            financialYear: financialYearOf(date).label,
            sequence,
            number,
          });
        },
      ),
    );
  });
});

describe('amounts in words, Indian numbering', () => {
  it.each([
    [5_095_561, 'Rupees Fifty Thousand Nine Hundred Fifty-Five and Sixty-One Paise Only'],
    [3_538_584, 'Rupees Thirty-Five Thousand Three Hundred Eighty-Five and Eighty-Four Paise Only'],
    [100, 'Rupees One Only'],
    [0, 'Rupees Zero Only'],
    [5, 'Rupees Zero and Five Paise Only'],
    [117_882, 'Rupees One Thousand One Hundred Seventy-Eight and Eighty-Two Paise Only'],
    [10_000_000, 'Rupees One Lakh Only'],
    [
      1_234_567_800,
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight Only',
    ],
    [100_000_000_000, 'Rupees One Hundred Crore Only'],
    [1_100_000, 'Rupees Eleven Thousand Only'],
  ])('%i paise → %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('writes crores of crores by the same system', () => {
    expect(indianNumberInWords(12_00_05_00_000)).toBe('One Thousand Two Hundred Crore Five Lakh');
  });

  it('reads back as the same amount for any amount up to ₹10,000 crore (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000_000 }), (paise) => {
        expect(wordsToPaise(amountInWords(paise))).toBe(paise);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('tax invoice: worked examples', () => {
  it('same state (Karnataka buyer, Karnataka seller): CGST 9% + SGST 9%', () => {
    // 12 × 2,499.00 = 29,988.00 taxable; 18% = 5,397.84, halved: CGST 2,698.92 + SGST 2,698.92
    // total 29,988.00 + 5,397.84 = 35,385.84
    const invoice = buildInvoice(invoiceInput());
    expect(invoice).toMatchObject({
      kind: 'invoice',
      title: 'TAX INVOICE',
      number: 'INV/26-27/000001',
      date: '2026-11-22',
      placeOfSupply: { name: 'Karnataka', code: '29' },
      reverseCharge: false,
      taxablePaise: 2_998_800,
      taxLines: [
        { tax: 'CGST', ratePercent: 9, amountPaise: 269_892 },
        { tax: 'SGST', ratePercent: 9, amountPaise: 269_892 },
      ],
      taxPaise: 539_784,
      totalPaise: 3_538_584,
      totalInWords:
        'Rupees Thirty-Five Thousand Three Hundred Eighty-Five and Eighty-Four Paise Only',
      paymentId: 'pay_Nx7gT4uVw8bYd1',
      orderId: 'order_Nx7fQm2kLp9aZc',
    });
    expect(invoice.seller).toEqual({
      name: 'Sample Hosting Private Limited',
      addressLines: [
        'Trading as Sample Hosting',
        '3rd Floor, 12 Residency Road',
        'Bengaluru – 560025',
      ],
      state: { name: 'Karnataka', code: '29' },
      gstin: '29AABCS1234Q1Z0',
      email: 'billing@example.in',
    });
    expect(invoice.buyer).toEqual({
      name: 'Asha Verma',
      addressLines: ['14, 2nd Cross, Jayanagar 4th Block', 'Bengaluru – 560011'],
      state: { name: 'Karnataka', code: '29' },
      email: 'asha.verma@example.in',
    });
    expect(invoice.line).toEqual({
      planName: 'Basic Hosting',
      renewal: false,
      sac: '998315',
      months: 12,
      periodFrom: '2026-11-22',
      periodTo: '2027-11-22',
      monthlyPricePaise: 249_900,
      basePaise: 2_998_800,
      durationDiscountPercent: 0,
      durationDiscountPaise: 0,
      promo: null,
      taxablePaise: 2_998_800,
    });
  });

  it('another state (registered Maharashtra buyer): IGST 18%, discounts shown', () => {
    // base     2,499.00 × 24 = 59,976.00
    // duration 20%           = 11,995.20 → 47,980.80
    // HOST10   10%           =  4,798.08 → 43,182.72 taxable
    // IGST     18% of 43,182.72 = 7,772.8896 → 7,772.89; total 50,955.61
    const invoice = buildInvoice(
      invoiceInput({
        billing: maharashtraBusiness,
        purchase: { ...invoiceInput().purchase, quote: quote(basicHosting, 24, 'HOST10') },
      }),
    );
    expect(invoice.placeOfSupply).toEqual({ name: 'Maharashtra', code: '27' });
    expect(invoice.buyer).toMatchObject({
      name: 'Asha Traders Private Limited',
      addressLines: ['Office 402, Sai Heights', 'Baner Road', 'Pune – 411045'],
      state: { name: 'Maharashtra', code: '27' },
      gstin: '27AAFCA5678K1Z6',
    });
    expect(invoice.line).toMatchObject({
      basePaise: 5_997_600,
      durationDiscountPercent: 20,
      durationDiscountPaise: 1_199_520,
      promo: { code: 'HOST10', percent: 10, discountPaise: 479_808 },
      taxablePaise: 4_318_272,
    });
    expect(invoice.taxLines).toEqual([{ tax: 'IGST', ratePercent: 18, amountPaise: 777_289 }]);
    expect(invoice.totalPaise).toBe(5_095_561);
    expect(invoice.totalInWords).toBe(
      'Rupees Fifty Thousand Nine Hundred Fifty-Five and Sixty-One Paise Only',
    );
  });

  it('no address on record: the buyer’s account name, place of supply the seller’s state', () => {
    const invoice = buildInvoice(invoiceInput({ billing: null }));
    expect(invoice.buyer).toEqual({
      name: 'Asha Verma',
      addressLines: [],
      email: 'asha.verma@example.in',
    });
    expect(invoice.placeOfSupply).toEqual({ name: 'Karnataka', code: '29' });
    expect(invoice.taxLines.map((t) => t.tax)).toEqual(['CGST', 'SGST']);
  });

  it('a seller in a union territory without a legislature charges UTGST, not SGST', () => {
    const chandigarh = { ...seller, state: 'Chandigarh', gstin: '04AAFCA5678K1ZE' };
    const invoice = buildInvoice(invoiceInput({ seller: chandigarh, billing: null }));
    expect(invoice.taxLines.map((t) => t.tax)).toEqual(['CGST', 'UTGST']);
  });

  it('an odd fee puts the odd paisa in CGST', () => {
    // 24 months HOST10, Karnataka buyer: fee 777,289 → CGST 388,645 + SGST 388,644
    const invoice = buildInvoice(
      invoiceInput({
        purchase: { ...invoiceInput().purchase, quote: quote(basicHosting, 24, 'HOST10') },
      }),
    );
    expect(invoice.taxLines.map((t) => t.amountPaise)).toEqual([388_645, 388_644]);
  });

  it('period dates are India’s calendar dates', () => {
    // 20:00 UTC on 22 November is 01:30 on 23 November in India
    const invoice = buildInvoice(
      invoiceInput({
        issuedAt: '2026-11-22T20:00:00Z',
        purchase: {
          ...invoiceInput().purchase,
          startDate: '2026-11-22T20:00:00Z',
          renewalDate: '2027-11-22T20:00:00Z',
        },
      }),
    );
    expect(invoice.date).toBe('2026-11-23');
    expect(invoice.line.periodFrom).toBe('2026-11-23');
    expect(invoice.line.periodTo).toBe('2027-11-23');
  });

  it('refuses a number of another series or year, a seller GSTIN of another state, a quote that does not add up', () => {
    expect(() => buildInvoice(invoiceInput({ number: 'INV/27-28/000001' }))).toThrow(RangeError);
    expect(() => buildInvoice(invoiceInput({ number: 'CN/26-27/000001' }))).toThrow(RangeError);
    expect(() =>
      buildInvoice(invoiceInput({ seller: { ...seller, gstin: '27AAFCA5678K1Z6' } })),
    ).toThrow(new RangeError("the seller's GSTIN 27AAFCA5678K1Z6 is not of Karnataka"));
    const broken = { ...quote(basicHosting, 12), totalPaise: 3_538_585 };
    expect(() =>
      buildInvoice(invoiceInput({ purchase: { ...invoiceInput().purchase, quote: broken } })),
    ).toThrow(RangeError);
  });
});

/**
 * The invoices the credit notes adjust are made inside each test, not when the file is read: a
 * change StrykerJS switches on for a test then reaches them, and a refused one fails that test
 * rather than the whole file (docs/mutation.md).
 */
function maharashtraInvoice(): InvoiceDocument {
  return buildInvoice(
    invoiceInput({
      billing: maharashtraBusiness,
      purchase: { ...invoiceInput().purchase, quote: quote(basicHosting, 24, 'HOST10') },
    }),
  );
}

describe('credit note: worked examples', () => {
  it('a full refund gives back the invoice’s own figures', () => {
    const invoice = maharashtraInvoice();
    const note = buildCreditNote({
      number: 'CN/26-27/000001',
      issuedAt: '2026-12-01T06:00:00Z',
      invoice,
      refundPaise: invoice.totalPaise,
      refundId: 'rfnd_Oa1bC2dE3fG4hJ',
      reason: 'Cancelled within 30 days',
    });
    expect(note).toMatchObject({
      kind: 'credit_note',
      title: 'CREDIT NOTE',
      number: 'CN/26-27/000001',
      date: '2026-12-01',
      originalInvoice: { number: 'INV/26-27/000001', date: '2026-11-22' },
      placeOfSupply: { name: 'Maharashtra', code: '27' },
      taxablePaise: 4_318_272,
      taxLines: [{ tax: 'IGST', ratePercent: 18, amountPaise: 777_289 }],
      taxPaise: 777_289,
      totalPaise: 5_095_561,
      refundId: 'rfnd_Oa1bC2dE3fG4hJ',
      reason: 'Cancelled within 30 days',
    });
    expect(note.buyer).toEqual(invoice.buyer);
    expect(note.seller).toEqual(invoice.seller);
  });

  it('a partial refund splits back in the invoice’s proportions, exact in paise', () => {
    const invoice = maharashtraInvoice();
    // refund 50,955.61 − 1,178.82 (a bundle's domain, D16) = 49,776.79
    // taxable = 49,776.79 × 43,182.72 ÷ 50,955.61 = 42,183.72000… → 42,183.72
    // tax     = 49,776.79 − 42,183.72 = 7,593.07   (18% of 42,183.72 = 7,593.0696)
    const note = buildCreditNote({
      number: 'CN/26-27/000002',
      issuedAt: '2026-12-01T06:00:00Z',
      invoice,
      refundPaise: 4_977_679,
    });
    expect(note.taxablePaise).toBe(4_218_372);
    expect(note.taxLines).toEqual([{ tax: 'IGST', ratePercent: 18, amountPaise: 759_307 }]);
    expect(note.totalInWords).toBe(
      'Rupees Forty-Nine Thousand Seven Hundred Seventy-Six and Seventy-Nine Paise Only',
    );
  });

  it('within a state halves the tax as the invoice did', () => {
    const sameState = buildInvoice(invoiceInput());
    // refund 10,000.00: taxable = 10,000.00 × 29,988.00 ÷ 35,385.84 = 8,474.57627… → 8,474.58
    // tax 1,525.42 → CGST 762.71 + SGST 762.71
    const note = buildCreditNote({
      number: 'CN/26-27/000003',
      issuedAt: '2026-12-01T06:00:00Z',
      invoice: sameState,
      refundPaise: 1_000_000,
    });
    expect(note.taxablePaise).toBe(847_458);
    expect(note.taxLines).toEqual([
      { tax: 'CGST', ratePercent: 9, amountPaise: 76_271 },
      { tax: 'SGST', ratePercent: 9, amountPaise: 76_271 },
    ]);
  });

  it('within a state puts an odd paisa of the tax in CGST, as the invoice did', () => {
    // 24 months HOST10 to a Karnataka buyer: CGST 3,886.45 + SGST 3,886.44
    const oddFee = buildInvoice(
      invoiceInput({
        purchase: { ...invoiceInput().purchase, quote: quote(basicHosting, 24, 'HOST10') },
      }),
    );
    const refund = (refundPaise: number, n: number) =>
      buildCreditNote({
        number: `CN/26-27/00000${n}`,
        issuedAt: '2026-12-01T06:00:00Z',
        invoice: oddFee,
        refundPaise,
      }).taxLines.map((line) => line.amountPaise);
    expect(refund(oddFee.totalPaise, 5)).toEqual([388_645, 388_644]);
    // ₹1.00 back: taxable 100 × 43,182.72 ÷ 50,955.61 = 0.847… → 0.85, tax 0.15 → 0.08 + 0.07
    expect(refund(100, 6)).toEqual([8, 7]);
  });

  it('refuses more than the invoice’s total, nothing, and an invoice number', () => {
    const invoice = maharashtraInvoice();
    const base = { number: 'CN/26-27/000004', issuedAt: '2026-12-01T06:00:00Z', invoice };
    expect(() => buildCreditNote({ ...base, refundPaise: invoice.totalPaise + 1 })).toThrow();
    expect(() => buildCreditNote({ ...base, refundPaise: 0 })).toThrow();
    expect(() =>
      buildCreditNote({ ...base, number: 'INV/26-27/000004', refundPaise: 100 }),
    ).toThrow();
  });
});

describe('every plan × duration × promo × state (properties)', () => {
  const purchaseCase = fc.record({
    plan: fc.constantFrom(...CATALOG),
    months: fc.constantFrom(...DURATIONS),
    promo: fc.constantFrom(null, 'HOST10'),
    renewal: fc.boolean(),
    buyerState: fc.option(fc.constantFrom(...GST_STATE_NAMES), { nil: null }),
    sellerState: fc.constantFrom('Karnataka', 'Maharashtra', 'Delhi', 'Chandigarh'),
  });

  type PurchaseCase = typeof purchaseCase extends fc.Arbitrary<infer T> ? T : never;

  function invoiceFor(c: PurchaseCase): InvoiceDocument {
    return buildInvoice(
      invoiceInput({
        purchase: {
          ...invoiceInput().purchase,
          planName: c.plan.name,
          quote: quote(c.plan, c.months, c.renewal ? null : c.promo, { renewal: c.renewal }),
        },
        billing: c.buyerState ? { ...karnatakaBuyer, state: c.buyerState } : null,
        seller: { ...seller, state: c.sellerState, gstin: sampleGstinOf(c.sellerState) },
      }),
    );
  }

  it('taxable + tax = total, tax lines = the 18% fee, CGST + SGST = fee, words = total', () => {
    fc.assert(
      fc.property(purchaseCase, (c) => {
        const invoice = invoiceFor(c);
        const q = quote(c.plan, c.months, c.renewal ? null : c.promo, { renewal: c.renewal });
        expect(invoice.taxablePaise).toBe(q.subtotalPaise);
        expect(invoice.taxablePaise + invoice.taxPaise).toBe(invoice.totalPaise);
        expect(invoice.taxLines.reduce((sum, t) => sum + t.amountPaise, 0)).toBe(q.feePaise);
        expect(
          invoice.line.basePaise -
            invoice.line.durationDiscountPaise -
            (invoice.line.promo?.discountPaise ?? 0),
        ).toBe(invoice.taxablePaise);
        const intra = (c.buyerState ?? c.sellerState) === c.sellerState;
        expect(invoice.taxLines.map((t) => t.tax)).toEqual(
          intra ? ['CGST', c.sellerState === 'Chandigarh' ? 'UTGST' : 'SGST'] : ['IGST'],
        );
        expect(invoice.taxLines.reduce((sum, t) => sum + t.ratePercent, 0)).toBe(18);
        for (const t of invoice.taxLines) expect(Number.isSafeInteger(t.amountPaise)).toBe(true);
        expect(wordsToPaise(invoice.totalInWords)).toBe(invoice.totalPaise);
      }),
      { numRuns: 500 },
    );
  });

  it('any refund up to the total splits into taxable + tax = refund, within the invoice’s own', () => {
    fc.assert(
      fc.property(purchaseCase, fc.double({ min: 0, max: 1, noNaN: true }), (c, fraction) => {
        const invoice = invoiceFor(c);
        const refundPaise = Math.max(1, Math.round(invoice.totalPaise * fraction));
        const note = buildCreditNote({
          number: 'CN/26-27/000001',
          issuedAt: '2026-12-01T06:00:00Z',
          invoice,
          refundPaise,
        });
        expect(note.taxablePaise + note.taxPaise).toBe(refundPaise);
        expect(note.taxLines.reduce((sum, t) => sum + t.amountPaise, 0)).toBe(note.taxPaise);
        expect(note.taxablePaise).toBeLessThanOrEqual(invoice.taxablePaise);
        expect(note.taxPaise).toBeLessThanOrEqual(invoice.taxPaise);
        expect(note.taxLines.map((t) => t.tax)).toEqual(invoice.taxLines.map((t) => t.tax));
        // within half a paisa of the exact proportion
        expect(
          Math.abs(note.taxablePaise * invoice.totalPaise - refundPaise * invoice.taxablePaise),
        ).toBeLessThanOrEqual(invoice.totalPaise / 2);
        if (refundPaise === invoice.totalPaise) {
          expect(note.taxLines).toEqual(invoice.taxLines);
        }
      }),
      { numRuns: 500 },
    );
  });
});

/** A valid sample GSTIN of a state: its code, a fixed PAN, the computed check character. */
function sampleGstinOf(state: string): string {
  const first14 = `${findState(state)?.code ?? '00'}AAFCA5678K1Z`;
  return first14 + gstinCheckCharacter(first14);
}

const SMALL: Record<string, number> = Object.fromEntries(
  [
    'Zero One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen Fourteen Fifteen',
    'Sixteen Seventeen Eighteen Nineteen',
  ]
    .join(' ')
    .split(' ')
    .map((word, value) => [word, value])
    .concat(
      ['Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'].map(
        (word, i) => [word, (i + 2) * 10],
      ),
    ),
);

/** An independent reader of the words, so the property checks the writer against arithmetic. */
function parseIndian(text: string): number {
  let total = 0;
  let current = 0;
  for (const token of text.split(/[ -]/)) {
    if (token in SMALL) current += SMALL[token] ?? 0;
    else if (token === 'Hundred') current *= 100;
    else if (token === 'Thousand') [total, current] = [total + current * 1_000, 0];
    else if (token === 'Lakh') [total, current] = [total + current * 100_000, 0];
    else if (token === 'Crore') [total, current] = [(total + current) * 10_000_000, 0];
    else throw new Error(`unexpected word ${token}`);
  }
  return total + current;
}

function wordsToPaise(words: string): number {
  const match = /^Rupees (.+?)(?: and (.+) Paise)? Only$/.exec(words);
  if (!match) throw new Error(`not an amount in words: ${words}`);
  return parseIndian(match[1] ?? '') * 100 + (match[2] ? parseIndian(match[2]) : 0);
}

describe('the edges of the invoice rules', () => {
  it('refuses what is not a date, naming it, and a sequence out of range, naming the range', () => {
    expect(() => financialYearOf('someday')).toThrow(new RangeError('not a date: someday'));
    expect(() => formatDocumentNumber('invoice', '2026-11-22T02:02:03Z', 0)).toThrow(
      new RangeError('a document sequence runs from 1 to 999999, got 0'),
    );
    expect(() => formatDocumentNumber('invoice', '2026-11-22T02:02:03Z', 1.5)).toThrow('got 1.5');
  });

  it('reads the number of the year that ends a century, 99-00', () => {
    expect(parseDocumentNumber('CN/99-00/000001')).toEqual({
      kind: 'credit_note',
      financialYear: '99-00',
      sequence: 1,
      number: 'CN/99-00/000001',
    });
  });

  it('names the seller by the legal name alone when the trade name is the same or absent, with a second line and no email when there is none', () => {
    const lines = (s: SellerDetails) =>
      buildInvoice(invoiceInput({ seller: s, billing: null })).seller;
    const { tradeName: _, email: __, ...plain } = seller;
    expect(lines({ ...plain, line2: 'Ashok Nagar' })).toStrictEqual({
      name: 'Sample Hosting Private Limited',
      addressLines: ['3rd Floor, 12 Residency Road', 'Ashok Nagar', 'Bengaluru – 560025'],
      state: { name: 'Karnataka', code: '29' },
      gstin: '29AABCS1234Q1Z0',
    });
    expect(lines({ ...seller, tradeName: seller.legalName }).addressLines).toEqual([
      '3rd Floor, 12 Residency Road',
      'Bengaluru – 560025',
    ]);
  });

  it('addresses the buyer by the account name when the billing name is blank, and leaves out a blank second line', () => {
    const invoice = buildInvoice(
      invoiceInput({ billing: { ...karnatakaBuyer, name: '   ', line2: '  ' } }),
    );
    expect(invoice.buyer.name).toBe(event.name);
    expect(invoice.buyer.addressLines).toEqual([
      '14, 2nd Cross, Jayanagar 4th Block',
      'Bengaluru – 560011',
    ]);
  });

  it('refuses a number that is not one, or written in its URL form, naming it', () => {
    for (const number of ['INV-26-27-000001', 'invoice 1']) {
      expect(() => buildInvoice(invoiceInput({ number }))).toThrow(
        new RangeError(`${number} is not a invoice number of the year of ${event.purchaseDate}`),
      );
    }
  });

  it('refuses a quote whose discounts do not come to its taxable value, naming the payment', () => {
    const q = quote(basicHosting, 24, 'HOST10');
    // The subtotal one paisa up and the fee one down still add up to the total.
    const broken = { ...q, subtotalPaise: q.subtotalPaise + 1, feePaise: q.feePaise - 1 };
    expect(() =>
      buildInvoice(invoiceInput({ purchase: { ...invoiceInput().purchase, quote: broken } })),
    ).toThrow(new RangeError(`the quote of payment ${event.paymentId} does not add up`));
  });

  it('shows a domain’s years at its yearly price, the domain, and a plan change’s plan and days', () => {
    const q = quote(basicHosting, 12);
    const invoice = buildInvoice(
      invoiceInput({
        purchase: {
          ...invoiceInput().purchase,
          domain: 'asharao.com',
          quote: {
            ...q,
            domain: { name: 'asharao.com', extension: 'com', years: 2, yearlyPricePaise: 89_900 },
            change: {
              fromPlanId: 'starterhosting',
              fromPlanName: 'Starter Hosting',
              creditPaise: 0,
              chargePaise: q.totalPaise,
              remainingDays: 200,
              periodDays: 365,
              renewalDate: event.renewalDate,
              renewalTotalPaise: q.totalPaise,
            },
          },
        },
      }),
    );
    expect(invoice.line).toMatchObject({
      domain: 'asharao.com',
      years: 2,
      yearlyPricePaise: 89_900,
      change: { fromPlanName: 'Starter Hosting', days: 200 },
    });
  });
});

describe('the edges of the credit note rules', () => {
  it('is never reverse charge, describes what was invoiced, and names no refund or reason it was not given', () => {
    const invoice = buildInvoice(invoiceInput());
    const note = buildCreditNote({
      number: 'CN/26-27/000009',
      issuedAt: '2026-12-01T06:00:00Z',
      invoice,
      refundPaise: 100,
    });
    expect(note.reverseCharge).toBe(false);
    expect(note.invoicedLine).toEqual(invoice.line);
    expect(note).not.toHaveProperty('refundId');
    expect(note).not.toHaveProperty('reason');
  });

  it('refuses a refund that is not whole paise from 1 to the total, naming the range', () => {
    const invoice = buildInvoice(invoiceInput());
    const base = { number: 'CN/26-27/000010', issuedAt: '2026-12-01T06:00:00Z', invoice };
    expect(() => buildCreditNote({ ...base, refundPaise: 0 })).toThrow(
      new RangeError('a refund against INV/26-27/000001 is 1 to 3538584 paise, got 0'),
    );
    expect(() => buildCreditNote({ ...base, refundPaise: 10.5 })).toThrow('got 10.5');
  });
});

describe('what the module makes when it is loaded, in a copy loaded by the test', () => {
  // The words, the prefixes, India's offset and the number pattern are made once, when the file
  // is imported. The rules' specs share one module registry under StrykerJS
  // (vitest.stryker.config.ts), so a change to them shows only in a copy imported inside a test
  // (docs/mutation.md).
  it('writes every word of the numbering, each prefix, India’s financial year and the SAC', async () => {
    vi.resetModules();
    const fresh = await import('../../../lambdas/domain/invoice');
    expect(Array.from({ length: 19 }, (_, i) => fresh.indianNumberInWords(i + 1))).toEqual([
      'One',
      'Two',
      'Three',
      'Four',
      'Five',
      'Six',
      'Seven',
      'Eight',
      'Nine',
      'Ten',
      'Eleven',
      'Twelve',
      'Thirteen',
      'Fourteen',
      'Fifteen',
      'Sixteen',
      'Seventeen',
      'Eighteen',
      'Nineteen',
    ]);
    expect([20, 30, 40, 50, 60, 70, 80, 90].map((n) => fresh.indianNumberInWords(n))).toEqual([
      'Twenty',
      'Thirty',
      'Forty',
      'Fifty',
      'Sixty',
      'Seventy',
      'Eighty',
      'Ninety',
    ]);
    // 23:59:59 on 31 March in India, then midnight: the last number of one year, the first of the next
    expect(fresh.formatDocumentNumber('invoice', '2027-03-31T18:29:59Z', 999_999)).toBe(
      'INV/26-27/999999',
    );
    expect(fresh.formatDocumentNumber('credit_note', '2027-03-31T18:30:00Z', 1)).toBe(
      'CN/27-28/000001',
    );
    expect(() => fresh.formatDocumentNumber('invoice', '2027-01-01T00:00:00Z', 1_000_000)).toThrow(
      'a document sequence runs from 1 to 999999',
    );
    expect(fresh.parseDocumentNumber('INV-26-27-000001')?.number).toBe('INV/26-27/000001');
    expect(fresh.parseDocumentNumber('XINV/26-27/000001')).toBeNull();
    expect(fresh.parseDocumentNumber('INV/26-27/0000012')).toBeNull();
    expect(fresh.buildInvoice(invoiceInput()).line.sac).toBe('998315');
  });
});
