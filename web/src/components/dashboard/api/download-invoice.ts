import { documentNumberSlug } from '@domain/invoice';
import { apiGetBlob } from '../../../lib/api';

/**
 * Fetches a tax invoice or credit note (GET /api/me/invoices/{number}, with the buyer's token) and
 * hands it to the browser as a file named after its number, `INV-26-27-000001.pdf`.
 */
export async function downloadInvoice(number: string): Promise<void> {
  const slug = documentNumberSlug(number);
  const pdf = await apiGetBlob(`/me/invoices/${encodeURIComponent(slug)}`, { auth: true });
  // The bytes, typed as a PDF whatever the answer's blob says, for the browser to save.
  const url = URL.createObjectURL(new Blob([await pdf.arrayBuffer()], { type: 'application/pdf' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `${slug}.pdf`;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has started the download; revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  }
}
