/**
 * GET /api/me/invoices/{invoiceNumber}: the caller's tax invoice or credit note as a PDF. A Lambda
 * of its own, so that the PDF library and the fonts load here (and in the welcome mail's function,
 * which attaches the invoice) and in no API function besides.
 */
import { invoiceFonts } from '../adapters/fonts/invoice-fonts';
import { callerOf } from '../http/auth';
import { binary } from '../http/response';
import { getTaxDocument, type GetTaxDocumentDeps } from '../use-cases/get-tax-document';
import { httpHandler } from '../http/http-handler';
import { sellerDetails } from './deps/seller';
import { purchasesStore } from './deps/stores';

/** The path's number as written: `INV-26-27-000001`, or `INV%2F26-27%2F000001` left encoded. */
function pathNumber(raw: string | undefined): string {
  if (!raw) return '';
  try {
    return raw.includes('%') ? decodeURIComponent(raw) : raw;
  } catch {
    return raw; // a stray '%': not a number, answered 404 like any other
  }
}

export function makeHandler(deps: GetTaxDocumentDeps) {
  return httpHandler(async (event) => {
    const caller = callerOf(event);
    const document = await getTaxDocument(
      deps,
      caller.userId,
      pathNumber(event.pathParameters?.invoiceNumber),
    );
    return binary(200, document.pdf, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${document.fileName}"`,
    });
  });
}

export const handler = makeHandler({
  purchases: purchasesStore(),
  seller: sellerDetails,
  fonts: invoiceFonts,
});
