/**
 * GET /api/me/invoices/{invoiceNumber} (docs/api.md): the caller's tax invoice or credit note as a
 * PDF, built from what the purchase froze (its quote, period, billing snapshot and seller) and the
 * number and instant it was issued with, so the same document comes back every time.
 */
import { DomainError } from '../domain/errors';
import {
  documentNumberSlug,
  parseDocumentNumber,
  type SellerDetails,
  type TaxDocument,
} from '../domain/invoice';
import type { PurchaseRecord, PurchasesStore } from '../ports/purchases';
import { creditNoteOf, invoiceOf } from './tax-documents';
import { renderTaxDocumentPdf, type InvoiceFonts } from '../templates/invoice/render-pdf';

export interface GetTaxDocumentDeps {
  purchases: Pick<PurchasesStore, 'listPurchases'>;
  /** The configured seller, for purchases whose order predates the frozen seller. */
  seller: () => SellerDetails;
  fonts: () => Promise<InvoiceFonts>;
}

/** Also for another buyer's number: whether it exists is not the caller's business. */
export class InvoiceNotFoundError extends DomainError {
  override readonly name = 'InvoiceNotFoundError';
  readonly code = 'invoice_not_found';
  constructor() {
    super(
      'We could not find that invoice in your account. Please open it from Payments on your dashboard.',
    );
  }
}

export interface TaxDocumentPdf {
  number: string;
  /** `INV-26-27-000001.pdf`. */
  fileName: string;
  pdf: Uint8Array;
}

function documentNamed(
  purchases: readonly PurchaseRecord[],
  number: string,
  seller: () => SellerDetails,
): TaxDocument | undefined {
  for (const purchase of purchases) {
    const { invoiceNumber, creditNoteNumber, creditNoteRefund } = purchase;
    if (!invoiceNumber) continue;
    if (invoiceNumber === number) return invoiceOf({ ...purchase, invoiceNumber }, seller);
    if (creditNoteNumber === number && creditNoteRefund) {
      return creditNoteOf(
        { ...purchase, invoiceNumber, creditNoteNumber, creditNoteRefund },
        seller,
      ).note;
    }
  }
  return undefined;
}

/**
 * The caller's document by its number, written `INV/26-27/000001` or slash-free
 * (`INV-26-27-000001`); InvoiceNotFoundError for anything else, including another buyer's.
 */
export async function getTaxDocument(
  deps: GetTaxDocumentDeps,
  userId: string,
  numberText: string,
): Promise<TaxDocumentPdf> {
  const parsed = parseDocumentNumber(numberText.trim().toUpperCase());
  if (!parsed) throw new InvoiceNotFoundError();
  // Only the caller's own purchases are read: another buyer's number is simply not among them.
  const purchases = await deps.purchases.listPurchases(userId);
  const document = documentNamed(purchases, parsed.number, deps.seller);
  if (!document) throw new InvoiceNotFoundError();
  return documentPdf(document, deps.fonts);
}

async function documentPdf(
  document: TaxDocument,
  fonts: () => Promise<InvoiceFonts>,
): Promise<TaxDocumentPdf> {
  return {
    number: document.number,
    fileName: `${documentNumberSlug(document.number)}.pdf`,
    pdf: await renderTaxDocumentPdf(document, await fonts()),
  };
}

/**
 * A purchase's tax invoice as the same PDF the dashboard serves (for the purchase and renewal
 * mail, which attaches it).
 */
export function invoicePdfOf(
  purchase: PurchaseRecord & { invoiceNumber: string },
  deps: Pick<GetTaxDocumentDeps, 'seller' | 'fonts'>,
): Promise<TaxDocumentPdf> {
  return documentPdf(invoiceOf(purchase, deps.seller), deps.fonts);
}
