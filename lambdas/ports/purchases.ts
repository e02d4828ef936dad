import type { BillingDetails } from '../domain/gst';
import type { DocumentKind, SellerDetails } from '../domain/invoice';
import type { Paise } from '../domain/money';
import type { Category } from '../domain/plan';
import type { Quote } from '../domain/pricing';
import { istDate } from '../domain/renewals';

/**
 * One payment for a plan, keyed by (userId, purchaseId). The purchase id is derived from the
 * Razorpay payment id; the period is the one its service gave it, frozen in the item when it is
 * first written.
 */
export interface PurchaseRecord {
  userId: string;
  purchaseId: string;
  paymentId: string;
  orderId: string;
  /**
   * The service this payment started or extended (ServicesStore); the period below is the one the
   * service gave it. Absent on purchases recorded before services were stored.
   */
  serviceId?: string;
  planId: string;
  planName: string;
  category: Category;
  months: Quote['months'];
  domain?: string;
  /**
   * Premium/Enterprise Hosting's "Free domain for the first year" (D23): the name registered with
   * this purchase, as a Basic Domain service of its own (its ₹0 year is no purchase).
   */
  freeDomain?: string;
  purchaseDate: string;
  startDate: string;
  renewalDate: string;
  amountPaise: Paise;
  currency: 'INR';
  quote: Quote;
  email: string;
  name: string;
  createdAt: string;
  /** Set once PurchaseCompleted was accepted by the bus. */
  eventPublishedAt?: string;
  /**
   * The caller publishing PurchaseCompleted now (E28): its token and the end of its lease (epoch
   * ms). Others wait a moment for the mark instead of publishing again; removed with the mark.
   */
  publishClaim?: { token: string; until: number };
  /**
   * The billing details frozen with the order (D15), the tax invoice's recipient: a later profile
   * change never rewrites an issued invoice. Absent when the buyer gave none.
   */
  billing?: BillingDetails;
  /** The seller as configured when the order was made (absent on older orders: the current one). */
  seller?: SellerDetails;
  /** The tax invoice's number (`INV/26-27/000001`), taken once at fulfilment, and its instant. */
  invoiceNumber?: string;
  invoiceIssuedAt?: string;
  /** The credit note of this payment's refund, and its instant (the refund takes them). */
  creditNoteNumber?: string;
  creditNoteIssuedAt?: string;
  /** What the credit note credits: the amount refunded (tax included), Razorpay's id and why. */
  creditNoteRefund?: { amountPaise: Paise; refundId?: string; reason?: string };
  /**
   * India's calendar month (`YYYY-MM`) each document was issued in, written with its number: the
   * keys of the sparse invoicesByMonth and creditNotesByMonth indexes (GSTR-1, the revenue report).
   */
  invoiceMonth?: string;
  creditNoteMonth?: string;
}

/** The attributes a document number and its instant are kept in, by kind. */
export const DOCUMENT_FIELDS = {
  invoice: {
    number: 'invoiceNumber',
    issuedAt: 'invoiceIssuedAt',
    month: 'invoiceMonth',
    index: 'invoicesByMonth',
  },
  credit_note: {
    number: 'creditNoteNumber',
    issuedAt: 'creditNoteIssuedAt',
    month: 'creditNoteMonth',
    index: 'creditNotesByMonth',
  },
} as const satisfies Record<
  DocumentKind,
  {
    number: keyof PurchaseRecord;
    issuedAt: keyof PurchaseRecord;
    month: keyof PurchaseRecord;
    index: string;
  }
>;

/** India's calendar month (`YYYY-MM`) of an instant: the tax period a document belongs to. */
export function documentMonthOf(issuedAt: string): string {
  return istDate(new Date(issuedAt)).slice(0, 7);
}

/**
 * What the dashboard reads of a purchase: its payment row, and the service it shows for a purchase
 * recorded before services were stored (toService). Not the frozen quote, seller or billing.
 */
export const PURCHASE_SUMMARY_FIELDS = [
  'userId',
  'purchaseId',
  'paymentId',
  'orderId',
  'serviceId',
  'planId',
  'planName',
  'category',
  'months',
  'domain',
  'freeDomain',
  'purchaseDate',
  'renewalDate',
  'amountPaise',
  'invoiceNumber',
  'creditNoteNumber',
] as const satisfies readonly (keyof PurchaseRecord)[];

export type PurchaseSummary = Pick<PurchaseRecord, (typeof PURCHASE_SUMMARY_FIELDS)[number]>;

export type PublishClaim =
  | { state: 'claimed'; token: string }
  | { state: 'held' }
  /** Published already, first at `at`. */
  | { state: 'published'; at: string };

export interface PurchasesStore {
  getPurchase(userId: string, purchaseId: string): Promise<PurchaseRecord | undefined>;
  listPurchases(userId: string): Promise<PurchaseRecord[]>;
  /** Every purchase of the buyer, reading only the PURCHASE_SUMMARY_FIELDS, in one query. */
  listPurchaseSummaries(userId: string): Promise<PurchaseSummary[]>;
  /** Conditional write: returns false (and writes nothing) when the purchase exists already. */
  createPurchase(purchase: PurchaseRecord): Promise<boolean>;
  /**
   * Takes the right to publish the purchase's PurchaseCompleted (E28) unless it was published or
   * another live claim holds it; a claim whose holder crashed lapses at `now` + `leaseMs`.
   */
  claimEventPublish(
    userId: string,
    purchaseId: string,
    now: Date,
    leaseMs: number,
  ): Promise<PublishClaim>;
  /** Gives the claim `token` names back unpublished (its publish failed): the next caller claims. */
  releaseEventPublish(userId: string, purchaseId: string, token: string): Promise<void>;
  /** Keeps the first instant PurchaseCompleted was published, and ends any claim to publish it. */
  markEventPublished(userId: string, purchaseId: string, at: string): Promise<void>;
  /**
   * Writes a document number and its instant on the purchase once (DOCUMENT_FIELDS): only if the
   * purchase exists and holds no number of that kind. Answers the number the purchase holds
   * afterwards, this one or the one it had, or undefined when there is no such purchase.
   */
  setDocumentNumber(
    userId: string,
    purchaseId: string,
    kind: DocumentKind,
    number: string,
    issuedAt: string,
  ): Promise<string | undefined>;
  /**
   * Writes what the purchase's credit note credits, once, before its number is taken (D15, D16):
   * a second call keeps the first. Answers what the purchase holds afterwards, or undefined when
   * there is no such purchase.
   */
  setCreditNoteRefund(
    userId: string,
    purchaseId: string,
    refund: NonNullable<PurchaseRecord['creditNoteRefund']>,
  ): Promise<PurchaseRecord['creditNoteRefund']>;
  /**
   * The purchases whose document of `kind` was issued from `from` (inclusive) to `to` (exclusive),
   * ISO instants, oldest first: one query of the kind's month index per India calendar month the
   * range touches, never a scan.
   */
  listDocumentsIssued(kind: DocumentKind, from: string, to: string): Promise<PurchaseRecord[]>;
  /**
   * The purchase holding a tax invoice or credit note number (`INV/26-27/000123`), found by key in
   * the month indexes of the number's financial year; undefined for none.
   */
  findByDocumentNumber(number: string): Promise<PurchaseRecord | undefined>;
}

/** The twelve months (`YYYY-MM`) of a financial year labelled `26-27`: April 2026 to March 2027. */
export function monthsOfFinancialYear(label: string): string[] {
  const start = 2000 + Number(label.slice(0, 2));
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((3 + i) % 12) + 1;
    const year = i < 9 ? start : start + 1;
    return `${year}-${String(month).padStart(2, '0')}`;
  });
}

/** The India calendar months (`YYYY-MM`) an instant range [from, to) touches, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  const last = documentMonthOf(new Date(Date.parse(to) - 1).toISOString());
  let month = documentMonthOf(from);
  while (month <= last) {
    months.push(month);
    const [year, m] = month.split('-').map(Number) as [number, number];
    month = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  }
  return months;
}
