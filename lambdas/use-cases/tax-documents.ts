/**
 * The tax invoice and credit note of a purchase, rebuilt from what it froze (its quote, period,
 * billing snapshot and seller) and the numbers and instants they were issued with: the buyer's
 * PDF, GSTR-1 and the revenue report all read the same documents.
 */
import {
  buildCreditNote,
  buildInvoice,
  type CreditNoteDocument,
  type InvoiceDocument,
  type SellerDetails,
} from '../domain/invoice';
import type { PurchaseRecord } from '../ports/purchases';

/** The tax invoice a numbered purchase was issued (also GSTR-1's and the revenue report's). */
export function invoiceOf(
  purchase: PurchaseRecord & { invoiceNumber: string },
  seller: () => SellerDetails,
): InvoiceDocument {
  return buildInvoice({
    number: purchase.invoiceNumber,
    issuedAt: purchase.invoiceIssuedAt ?? purchase.createdAt,
    purchase,
    billing: purchase.billing ?? null,
    seller: purchase.seller ?? seller(),
  });
}

/** The credit note of a purchase that has one, with the invoice it adjusts. */
export function creditNoteOf(
  purchase: PurchaseRecord & {
    invoiceNumber: string;
    creditNoteNumber: string;
    creditNoteRefund: NonNullable<PurchaseRecord['creditNoteRefund']>;
  },
  seller: () => SellerDetails,
): { note: CreditNoteDocument; invoice: InvoiceDocument } {
  const { creditNoteRefund } = purchase;
  const invoice = invoiceOf(purchase, seller);
  const note = buildCreditNote({
    number: purchase.creditNoteNumber,
    issuedAt: purchase.creditNoteIssuedAt ?? purchase.createdAt,
    invoice,
    refundPaise: creditNoteRefund.amountPaise,
    ...(creditNoteRefund.refundId ? { refundId: creditNoteRefund.refundId } : {}),
    ...(creditNoteRefund.reason ? { reason: creditNoteRefund.reason } : {}),
  });
  return { note, invoice };
}
