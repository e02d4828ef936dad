/**
 * GST tax invoices and credit notes as data (docs/decisions.md D15; CGST Rules, rule 46 for the
 * invoice and rule 53 for the credit note): their numbers, the financial year, and every field the
 * rules require, computed exactly in paise. Rendering them is the template's job
 * (lambdas/templates/invoice); assigning a number exactly once is the use case's.
 */
import { findState, splitGst, stateNamed, type BillingDetails } from './gst';
import type { Paise } from './money';
import type { Quote } from './pricing';
import { istDate } from './renewals';

// ---------------------------------------------------------------------------------------------
// Numbers

export type DocumentKind = 'invoice' | 'credit_note';

export const DOCUMENT_PREFIX: Readonly<Record<DocumentKind, string>> = {
  invoice: 'INV',
  credit_note: 'CN',
};

/** Six digits keep `INV/26-27/000001` at 16 characters, the most rule 46(b) allows. */
export const SEQUENCE_DIGITS = 6;
export const MAX_SEQUENCE = 10 ** SEQUENCE_DIGITS - 1;
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

export interface FinancialYear {
  /** The calendar year its April falls in: 2026 for April 2026 to March 2027. */
  startYear: number;
  /** `26-27`. */
  label: string;
}

/** India's financial year (April to March) that an instant falls in, by India's calendar. */
export function financialYearOf(instant: Date | string): FinancialYear {
  const time = new Date(instant).getTime();
  if (Number.isNaN(time)) throw new RangeError(`not a date: ${String(instant)}`);
  const ist = new Date(time + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  const startYear = ist.getUTCMonth() >= 3 ? year : year - 1;
  const yy = (y: number) => String(y % 100).padStart(2, '0');
  return { startYear, label: `${yy(startYear)}-${yy(startYear + 1)}` };
}

/**
 * The series a document's number is drawn from: `INV/26-27`. Each series counts from 1, so it is
 * the key of the counter that hands out the next number.
 */
export function documentSeries(kind: DocumentKind, issuedAt: Date | string): string {
  return `${DOCUMENT_PREFIX[kind]}/${financialYearOf(issuedAt).label}`;
}

/** `INV/26-27/000001`: the `sequence`-th document of its kind in the financial year of `issuedAt`. */
export function formatDocumentNumber(
  kind: DocumentKind,
  issuedAt: Date | string,
  sequence: number,
): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > MAX_SEQUENCE) {
    throw new RangeError(`a document sequence runs from 1 to ${MAX_SEQUENCE}, got ${sequence}`);
  }
  return `${documentSeries(kind, issuedAt)}/${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
}

export interface DocumentNumber {
  kind: DocumentKind;
  /** `26-27`. */
  financialYear: string;
  sequence: number;
  /** The canonical form, `INV/26-27/000001`. */
  number: string;
}

const NUMBER_PATTERN = /^(INV|CN)[/-](\d{2})-(\d{2})[/-](\d{6})$/;

/**
 * A document number as written (`INV/26-27/000001`) or in the slash-free form a URL path carries
 * (`INV-26-27-000001`, see `documentNumberSlug`); null for anything else.
 */
export function parseDocumentNumber(text: string): DocumentNumber | null {
  const match = NUMBER_PATTERN.exec(text);
  if (!match) return null;
  const [, prefix = '', from = '', to = '', digits = ''] = match;
  if ((Number(from) + 1) % 100 !== Number(to)) return null;
  const sequence = Number(digits);
  if (sequence < 1) return null;
  const kind: DocumentKind = prefix === 'INV' ? 'invoice' : 'credit_note';
  const financialYear = `${from}-${to}`;
  return { kind, financialYear, sequence, number: `${prefix}/${financialYear}/${digits}` };
}

/** `INV-26-27-000001`: the number without slashes, for a URL path segment or a file name. */
export function documentNumberSlug(number: string): string {
  return number.replaceAll('/', '-');
}

// ---------------------------------------------------------------------------------------------
// Amounts in words

const ONES = [
  '',
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
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function below100(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const unit = n % 10;
  return `${TENS[Math.floor(n / 10)] ?? ''}${unit ? `-${ONES[unit] ?? ''}` : ''}`;
}

function below1000(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds] ?? ''} Hundred` : '', rest ? below100(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** A whole number in words by the Indian system: thousand, lakh (10⁵), crore (10⁷). */
export function indianNumberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`expected a non-negative whole number, got ${n}`);
  }
  if (n === 0) return 'Zero';
  const crores = Math.floor(n / 10_000_000);
  const lakhs = Math.floor((n % 10_000_000) / 100_000);
  const thousands = Math.floor((n % 100_000) / 1_000);
  const rest = n % 1_000;
  return [
    // Beyond 99 crore the count of crores is itself written the same way ("One Hundred Crore").
    crores ? `${indianNumberInWords(crores)} Crore` : '',
    lakhs ? `${below100(lakhs)} Lakh` : '',
    thousands ? `${below100(thousands)} Thousand` : '',
    rest ? below1000(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** "Rupees Fifty Thousand Nine Hundred Fifty-Five and Sixty-One Paise Only". */
export function amountInWords(amount: Paise): string {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`expected a non-negative whole number of paise, got ${amount}`);
  }
  const rupees = Math.floor(amount / 100);
  const paise = amount % 100;
  return `Rupees ${indianNumberInWords(rupees)}${paise ? ` and ${below100(paise)} Paise` : ''} Only`;
}

// ---------------------------------------------------------------------------------------------
// The documents

/** Services auxiliary to hosting and IT infrastructure (D15): every line the store sells. */
export const SAC_HOSTING = '998315';
export const GST_RATE_PERCENT = 18;

/** The seller as the stack's configuration names it (docs/api.md; local defaults are samples). */
export interface SellerDetails {
  legalName: string;
  /** The name the store trades under, when it differs from the legal name. */
  tradeName?: string;
  line1: string;
  line2?: string;
  city: string;
  pincode: string;
  /** One of the GST state names. */
  state: string;
  gstin: string;
  email?: string;
}

export interface InvoiceParty {
  name: string;
  /** The street lines, then "City – PIN". Empty when the buyer gave no address. */
  addressLines: string[];
  /** Absent only for a buyer with no address on record. */
  state?: { name: string; code: string };
  gstin?: string;
  email?: string;
}

export interface InvoiceLine {
  planName: string;
  domain?: string;
  renewal: boolean;
  sac: string;
  months: number;
  /** India's calendar dates (YYYY-MM-DD): the service period the payment covers. */
  periodFrom: string;
  periodTo: string;
  monthlyPricePaise: Paise;
  basePaise: Paise;
  durationDiscountPercent: number;
  durationDiscountPaise: Paise;
  promo: { code: string; percent: number; discountPaise: Paise } | null;
  /** A domain registration (D21): sold by the year, so its quantity is years at a yearly rate. */
  years?: number;
  yearlyPricePaise?: Paise;
  /** Rule 46(i): the value after discounts, on which GST is charged (the quote's subtotal). */
  taxablePaise: Paise;
  /** A plan change now (D26): the difference for the days left, from the plan it replaced. */
  change?: { fromPlanName: string; days: number };
}

export type TaxName = 'CGST' | 'SGST' | 'UTGST' | 'IGST';

export interface TaxLine {
  tax: TaxName;
  ratePercent: number;
  amountPaise: Paise;
}

interface TaxDocumentBase {
  number: string;
  /** India's calendar date of issue, YYYY-MM-DD. */
  date: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  placeOfSupply: { name: string; code: string };
  /** Rule 46(p): never for these services; the document says so in words. */
  reverseCharge: false;
  taxablePaise: Paise;
  taxLines: TaxLine[];
  taxPaise: Paise;
  totalPaise: Paise;
  totalInWords: string;
  paymentId: string;
  orderId: string;
}

export interface InvoiceDocument extends TaxDocumentBase {
  kind: 'invoice';
  title: 'TAX INVOICE';
  line: InvoiceLine;
}

export interface CreditNoteDocument extends TaxDocumentBase {
  kind: 'credit_note';
  title: 'CREDIT NOTE';
  /** Rule 53(1A)(g): the invoice the credit note adjusts. */
  originalInvoice: { number: string; date: string };
  /** What was invoiced, for the description; its amounts are the invoice's, not the refund's. */
  invoicedLine: InvoiceLine;
  refundId?: string;
  reason?: string;
}

export type TaxDocument = InvoiceDocument | CreditNoteDocument;

/** What the invoice needs of a purchase record (lambdas/ports/purchases.ts). */
export interface InvoicedPurchase {
  paymentId: string;
  orderId: string;
  planName: string;
  domain?: string;
  startDate: string;
  renewalDate: string;
  /** The account's name and email: the buyer's name when no billing name was given. */
  name: string;
  email: string;
  quote: Pick<
    Quote,
    | 'months'
    | 'monthlyPricePaise'
    | 'basePaise'
    | 'durationDiscountPercent'
    | 'durationDiscountPaise'
    | 'promo'
    | 'subtotalPaise'
    | 'feePaise'
    | 'totalPaise'
    | 'renewal'
    | 'domain'
    | 'change'
  >;
}

export interface InvoiceInput {
  /** Issued by the series' counter for the financial year of `issuedAt`. */
  number: string;
  /** The instant of fulfilment. */
  issuedAt: string;
  purchase: InvoicedPurchase;
  /** The billing snapshot frozen with the order: a later profile change never rewrites it. */
  billing: BillingDetails | null;
  seller: SellerDetails;
}

function sellerParty(seller: SellerDetails): InvoiceParty {
  const state = stateNamed(seller.state);
  if (!seller.gstin.startsWith(state.code)) {
    throw new RangeError(`the seller's GSTIN ${seller.gstin} is not of ${seller.state}`);
  }
  return {
    name: seller.legalName,
    addressLines: [
      ...(seller.tradeName && seller.tradeName !== seller.legalName
        ? [`Trading as ${seller.tradeName}`]
        : []),
      seller.line1,
      ...(seller.line2 ? [seller.line2] : []),
      `${seller.city} – ${seller.pincode}`,
    ],
    state: { name: state.name, code: state.code },
    gstin: seller.gstin,
    ...(seller.email ? { email: seller.email } : {}),
  };
}

function buyerParty(purchase: InvoicedPurchase, billing: BillingDetails | null): InvoiceParty {
  if (!billing) return { name: purchase.name, addressLines: [], email: purchase.email };
  const state = stateNamed(billing.state);
  return {
    name: billing.name.trim() || purchase.name,
    addressLines: [
      billing.line1,
      ...(billing.line2?.trim() ? [billing.line2] : []),
      `${billing.city} – ${billing.pincode}`,
    ],
    state: { name: state.name, code: state.code },
    ...(billing.gstin ? { gstin: billing.gstin } : {}),
    email: purchase.email,
  };
}

function taxLinesOf(split: ReturnType<typeof splitGst>, sellerState: string): TaxLine[] {
  if (!split.intraState) {
    return [{ tax: 'IGST', ratePercent: GST_RATE_PERCENT, amountPaise: split.igstPaise }];
  }
  const half = GST_RATE_PERCENT / 2;
  return [
    { tax: 'CGST', ratePercent: half, amountPaise: split.cgstPaise },
    {
      tax: findState(sellerState)?.utgst ? 'UTGST' : 'SGST',
      ratePercent: half,
      amountPaise: split.sgstPaise,
    },
  ];
}

function expectNumber(number: string, kind: DocumentKind, issuedAt: string): void {
  const parsed = parseDocumentNumber(number);
  if (
    !parsed ||
    parsed.number !== number ||
    parsed.kind !== kind ||
    parsed.financialYear !== financialYearOf(issuedAt).label
  ) {
    throw new RangeError(`${number} is not a ${kind} number of the year of ${issuedAt}`);
  }
}

/** The tax invoice of a fulfilled purchase: every field of rule 46, amounts from its quote. */
export function buildInvoice(input: InvoiceInput): InvoiceDocument {
  const { purchase, billing, seller } = input;
  expectNumber(input.number, 'invoice', input.issuedAt);
  const q = purchase.quote;
  const promoPaise = q.promo?.discountPaise ?? 0;
  if (
    q.basePaise - q.durationDiscountPaise - promoPaise !== q.subtotalPaise ||
    q.subtotalPaise + q.feePaise !== q.totalPaise
  ) {
    throw new RangeError(`the quote of payment ${purchase.paymentId} does not add up`);
  }
  const split = splitGst(q.feePaise, billing?.state, seller.state);
  return {
    kind: 'invoice',
    title: 'TAX INVOICE',
    number: input.number,
    date: istDate(new Date(input.issuedAt)),
    seller: sellerParty(seller),
    buyer: buyerParty(purchase, billing),
    placeOfSupply: { name: split.placeOfSupply.name, code: split.placeOfSupply.code },
    reverseCharge: false,
    line: {
      planName: purchase.planName,
      ...(purchase.domain ? { domain: purchase.domain } : {}),
      renewal: q.renewal,
      sac: SAC_HOSTING,
      months: q.months,
      periodFrom: istDate(new Date(purchase.startDate)),
      periodTo: istDate(new Date(purchase.renewalDate)),
      monthlyPricePaise: q.monthlyPricePaise,
      basePaise: q.basePaise,
      durationDiscountPercent: q.durationDiscountPercent,
      durationDiscountPaise: q.durationDiscountPaise,
      promo: q.promo
        ? { code: q.promo.code, percent: q.promo.percent, discountPaise: q.promo.discountPaise }
        : null,
      ...(q.domain ? { years: q.domain.years, yearlyPricePaise: q.domain.yearlyPricePaise } : {}),
      taxablePaise: q.subtotalPaise,
      ...(q.change
        ? { change: { fromPlanName: q.change.fromPlanName, days: q.change.remainingDays } }
        : {}),
    },
    taxablePaise: q.subtotalPaise,
    taxLines: taxLinesOf(split, seller.state),
    taxPaise: q.feePaise,
    totalPaise: q.totalPaise,
    totalInWords: amountInWords(q.totalPaise),
    paymentId: purchase.paymentId,
    orderId: purchase.orderId,
  };
}

export interface CreditNoteInput {
  /** Issued by the credit-note series' counter for the financial year of `issuedAt`. */
  number: string;
  issuedAt: string;
  /** The invoice being adjusted, as issued. */
  invoice: InvoiceDocument;
  /** The amount refunded, tax included: at most the invoice's total. */
  refundPaise: Paise;
  refundId?: string;
  reason?: string;
}

/** ⌊a × b ÷ c⌉, halves up, in exact integers (a × b can pass 2⁵³ for large invoices). */
function mulDivRound(a: number, b: number, c: number): number {
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  return Number((product * 2n + divisor) / (divisor * 2n));
}

/**
 * The credit note for a refund of `refundPaise` against an invoice: the refund is split back into
 * taxable value and tax in the invoice's proportions, taxable = refund × taxable ÷ total rounded to
 * the paisa (halves up), tax = refund − taxable, so the two add up to the refund exactly; a full
 * refund gives back the invoice's own figures. Within a state the tax is halved as the invoice's
 * was (the odd paisa to CGST).
 */
export function buildCreditNote(input: CreditNoteInput): CreditNoteDocument {
  const { invoice, refundPaise } = input;
  expectNumber(input.number, 'credit_note', input.issuedAt);
  if (!Number.isSafeInteger(refundPaise) || refundPaise < 1 || refundPaise > invoice.totalPaise) {
    throw new RangeError(
      `a refund against ${invoice.number} is 1 to ${invoice.totalPaise} paise, got ${refundPaise}`,
    );
  }
  const taxablePaise = mulDivRound(refundPaise, invoice.taxablePaise, invoice.totalPaise);
  const taxPaise = refundPaise - taxablePaise;
  const intraState = invoice.taxLines.some((line) => line.tax === 'CGST');
  const taxLines: TaxLine[] = intraState
    ? invoice.taxLines.map((line, index) => ({
        ...line,
        amountPaise: index === 0 ? Math.ceil(taxPaise / 2) : Math.floor(taxPaise / 2),
      }))
    : invoice.taxLines.map((line) => ({ ...line, amountPaise: taxPaise }));
  return {
    kind: 'credit_note',
    title: 'CREDIT NOTE',
    number: input.number,
    date: istDate(new Date(input.issuedAt)),
    originalInvoice: { number: invoice.number, date: invoice.date },
    seller: invoice.seller,
    buyer: invoice.buyer,
    placeOfSupply: invoice.placeOfSupply,
    reverseCharge: false,
    invoicedLine: invoice.line,
    taxablePaise,
    taxLines,
    taxPaise,
    totalPaise: refundPaise,
    totalInWords: amountInWords(refundPaise),
    paymentId: invoice.paymentId,
    orderId: invoice.orderId,
    ...(input.refundId ? { refundId: input.refundId } : {}),
    ...(input.reason ? { reason: input.reason } : {}),
  };
}
