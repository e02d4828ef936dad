/**
 * The tax invoice and credit note PDFs, rendered and read back with poppler's pdftotext (Debian's
 * poppler-utils; .ci/run installs it) for every field rule 46 (invoice) and rule 53 (credit note)
 * of the CGST Rules require. One page image per case lands in tests/unit/templates/out/ for a
 * person to look at.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readInvoiceFonts } from '../../../lambdas/adapters/fonts/invoice-fonts';
import type { TaxDocument } from '../../../lambdas/domain/invoice';
import {
  renderTaxDocumentPdf,
  type InvoiceFonts,
} from '../../../lambdas/templates/invoice/render-pdf';
import {
  SAMPLE_BUYER_OTHER_STATE,
  SAMPLE_BUYER_SAME_STATE,
  SAMPLE_PURCHASE,
  SAMPLE_SELLER,
  sampleCreditNote,
  sampleDomainInvoice,
  sampleInvoice,
} from '../../../lambdas/templates/invoice/sample';
import { buildInvoice } from '../../../lambdas/domain/invoice';

const OUT = fileURLToPath(new URL('./out/', import.meta.url));

let fonts: InvoiceFonts;

beforeAll(async () => {
  fonts = await readInvoiceFonts();
  mkdirSync(OUT, { recursive: true });
});

interface Rendered {
  bytes: Uint8Array;
  text: string;
  pages: number;
  fonts: string;
}

/** Renders, writes the PDF and an 80 dpi page image to out/, and reads the text back. */
async function render(name: string, doc: TaxDocument): Promise<Rendered> {
  const bytes = await renderTaxDocumentPdf(doc, fonts);
  const pdf = `${OUT}${name}.pdf`;
  writeFileSync(pdf, bytes);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, `${OUT}${name}`]);
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  return { bytes, text, pages, fonts: execFileSync('pdffonts', [pdf], { encoding: 'utf8' }) };
}

/** The seller's block: legal name, address, state and code, GSTIN (rule 46(a)). */
function expectSeller(text: string): void {
  expect(text).toMatch(/^Sample Hosting Private Limited\s/m);
  expect(text).toContain('3rd Floor, 12 Residency Road');
  expect(text).toContain('Bengaluru – 560025');
  expect(text).toMatch(/^State: Karnataka, Code 29/m);
  expect(text).toMatch(/^GSTIN: 29AABCS1234Q1Z0/m);
}

describe('tax invoice PDF', () => {
  it('other state: every rule 46 field, IGST 18%, ₹ rendered, one page', async () => {
    const { text, pages, fonts: fontList } = await render('invoice-other-state', sampleInvoice());

    expect(pages).toBe(1);
    expect(text).toMatch(/TAX INVOICE/);
    expectSeller(text);
    // number and date (rule 46(b), (c))
    expect(text).toMatch(/Invoice No\.\s+INV\/26-27\/000001/);
    expect(text).toMatch(/Invoice Date\s+22 Nov 2026/);
    // recipient: name, address, state and code, GSTIN (rule 46(d), (e))
    expect(text).toMatch(/^Asha Traders Private Limited\s/m);
    expect(text).toMatch(/^Office 402, Sai Heights/m);
    expect(text).toMatch(/^Baner Road/m);
    expect(text).toMatch(/^Pune – 411045/m);
    expect(text).toMatch(/^State: Maharashtra, Code 27/m);
    expect(text).toMatch(/^GSTIN: 27AAFCA5678K1Z6/m);
    // place of supply with its code (rule 46(n)) and reverse charge (rule 46(p))
    expect(text).toMatch(/Place of Supply\s+Maharashtra \(27\)/);
    expect(text).toMatch(/Reverse Charge\s+No/);
    expect(text).toContain('Tax is not payable on reverse charge basis.');
    // the service: description, period, SAC, months, rate, base, discounts, taxable value
    expect(text).toMatch(/Description of service\s+SAC\s+Period\s+Rate \(₹\)\s+Amount \(₹\)/);
    expect(text).not.toMatch(/Months|Rate per/);
    expect(text).toMatch(
      /1\s+Basic Hosting \(ashatraders\.in\)\s+998315\s+24 months\s+2,499\.00\s+59,976\.00/,
    );
    expect(text).toMatch(/Period: 22 Nov 2026 to 22 Nov 2028\s+per month/);
    expect(text).not.toMatch(/per year/);
    expect(text).toMatch(/Less: discount for 24 months \(20%\)\s+−11,995\.20/);
    expect(text).toMatch(/Less: promo code HOST10 \(10%\)\s+−4,798\.08/);
    expect(text).toMatch(/Taxable value\s+43,182\.72/);
    // rate and amount of tax (rule 46(j), (k)), total in figures and words (rule 46(l))
    expect(text).toMatch(/IGST @ 18%\s+7,772\.89/);
    expect(text).not.toMatch(/CGST|SGST/);
    expect(text).toMatch(/Total tax\s+7,772\.89/);
    expect(text).toMatch(/Invoice total\s+₹50,955\.61/);
    expect(text).toContain(
      'Rupees Fifty Thousand Nine Hundred Fifty-Five and Sixty-One Paise Only',
    );
    // the payment's ids and the signatory (rule 46(q))
    expect(text).toMatch(/Payment ID\s+pay_Nx7gT4uVw8bYd1/);
    expect(text).toMatch(/Order ID\s+order_Nx7fQm2kLp9aZc/);
    expect(text).toContain('For Sample Hosting Private Limited');
    expect(text).toContain('Authorised Signatory');
    // DejaVu Sans (which has ₹) embedded, not a standard font that lacks it
    expect(fontList).toMatch(/DJVSAN\+DejaVuSans\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    expect(fontList).toMatch(
      /DJVSBD\+DejaVuSans-Bold\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/,
    );
  });

  it('same state, unregistered buyer: CGST 9% + SGST 9%, GSTIN Unregistered', async () => {
    const { text, pages } = await render(
      'invoice-same-state',
      sampleInvoice(SAMPLE_BUYER_SAME_STATE),
    );

    expect(pages).toBe(1);
    expectSeller(text);
    expect(text).toMatch(/Invoice No\.\s+INV\/26-27\/000001/);
    expect(text).toMatch(/^Asha Verma\s/m);
    expect(text).toMatch(/^14, 2nd Cross, Jayanagar 4th Block/m);
    expect(text).toMatch(/^Bengaluru – 560011/m);
    expect(text).toMatch(/^State: Karnataka, Code 29/m);
    expect(text).toMatch(/^GSTIN: Unregistered/m);
    expect(text).toMatch(/Place of Supply\s+Karnataka \(29\)/);
    expect(text).toMatch(/998315/);
    expect(text).toMatch(/Taxable value\s+43,182\.72/);
    // 7,772.89 halved, the odd paisa to CGST
    expect(text).toMatch(/CGST @ 9%\s+3,886\.45/);
    expect(text).toMatch(/SGST @ 9%\s+3,886\.44/);
    expect(text).not.toMatch(/IGST/);
    expect(text).toMatch(/Invoice total\s+₹50,955\.61/);
    expect(text).toContain(
      'Rupees Fifty Thousand Nine Hundred Fifty-Five and Sixty-One Paise Only',
    );
  });

  it('renders the same bytes for the same invoice (a re-download is the same document)', async () => {
    const doc = sampleInvoice();
    // fresh font buffers (parsed anew) against the loader's (parsed once and reused)
    const fresh = { regular: fonts.regular.slice(), bold: fonts.bold.slice() };
    const first = await renderTaxDocumentPdf(doc, fresh);
    const second = await renderTaxDocumentPdf(doc, fonts);
    const [third, fourth] = await Promise.all([
      renderTaxDocumentPdf(doc, fonts),
      renderTaxDocumentPdf(doc, fonts),
    ]);
    for (const other of [second, third, fourth]) {
      expect(Buffer.from(other).equals(Buffer.from(first))).toBe(true);
    }
  });

  it('a domain, sold by the year, reads "1 year" at a rate "per year", never months', async () => {
    const { text, pages } = await render('invoice-domain', sampleDomainInvoice());

    expect(pages).toBe(1);
    expect(text).toMatch(/Description of service\s+SAC\s+Period\s+Rate \(₹\)\s+Amount \(₹\)/);
    expect(text).toMatch(
      /1\s+Domain registration asharao\.com, 1 year\s+998315\s+1 year\s+999\.00\s+999\.00/,
    );
    expect(text).toMatch(/Period: 22 Nov 2026 to 22 Nov 2027\s+per year/);
    expect(text).not.toMatch(/month/i);
    expect(text).toMatch(/CGST @ 9%\s+89\.91/);
    expect(text).toMatch(/SGST @ 9%\s+89\.91/);
    expect(text).toMatch(/Invoice total\s+₹1,178\.82/);
  });

  it('keeps long names and addresses on one page, wrapped', async () => {
    const long = buildInvoice({
      number: 'INV/26-27/000002',
      issuedAt: SAMPLE_PURCHASE.startDate,
      purchase: {
        ...SAMPLE_PURCHASE,
        domain: 'a-very-long-domain-name-for-a-business-in-india.co.in',
        quote: { ...SAMPLE_PURCHASE.quote, renewal: false },
      },
      billing: {
        ...SAMPLE_BUYER_OTHER_STATE,
        name: 'Shri Venkateswara Agro Industries and Cold Storage Private Limited (Unit II)',
        line1:
          'Survey No. 123/4A, Plot 56, Industrial Development Area, Phase III, Near Railway Over Bridge',
        line2: 'Opposite Government Polytechnic College, Old Mumbai–Pune Highway, Pimpri-Chinchwad',
      },
      seller: SAMPLE_SELLER,
    });
    const { text, pages } = await render('invoice-long-names', long);
    expect(pages).toBe(1);
    // wrapped beside the payment's ids: each piece on its own line
    expect(text).toMatch(/^Shri Venkateswara Agro Industries and Cold\s+Payment ID/m);
    expect(text).toMatch(/^Storage Private Limited \(Unit II\)\s+Order ID/m);
    expect(text).toMatch(/^GSTIN: 27AAFCA5678K1Z6/m);
    expect(text).toMatch(/Invoice total\s+₹50,955\.61/);
  });
});

describe('credit note PDF', () => {
  it('refers to the original invoice and credits the refund split into taxable value and tax', async () => {
    const { text, pages } = await render('credit-note', sampleCreditNote());

    expect(pages).toBe(1);
    expect(text).toMatch(/CREDIT NOTE/);
    expect(text).not.toMatch(/TAX INVOICE/);
    expectSeller(text);
    expect(text).toMatch(/Credit Note No\.\s+CN\/26-27\/000001/);
    expect(text).toMatch(/Credit Note Date\s+1 Dec 2026/);
    expect(text).toMatch(/Original Invoice No\.\s+INV\/26-27\/000001/);
    expect(text).toMatch(/Original Invoice Date\s+22 Nov 2026/);
    expect(text).toMatch(/^Asha Traders Private Limited\s/m);
    expect(text).toMatch(/^GSTIN: 27AAFCA5678K1Z6/m);
    expect(text).toMatch(/Place of Supply\s+Maharashtra \(27\)/);
    expect(text).toMatch(
      /Refund of Basic Hosting \(ashatraders\.in\)\s+998315\s+24 months\s+42,183\.72/,
    );
    expect(text).toMatch(/Reason: Cancelled within 30 days of payment/);
    // 49,776.79 refunded = 42,183.72 taxable + 7,593.07 IGST
    expect(text).toMatch(/Taxable value\s+42,183\.72/);
    expect(text).toMatch(/IGST @ 18%\s+7,593\.07/);
    expect(text).toMatch(/Credit note total\s+₹49,776\.79/);
    expect(text).toContain(
      'Rupees Forty-Nine Thousand Seven Hundred Seventy-Six and Seventy-Nine Paise Only',
    );
    expect(text).toMatch(/Refund ID\s+rfnd_Oa1bC2dE3fG4hJ/);
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Issued under section 34 of the CGST Act against invoice INV/26-27/000001 dated 22 Nov 2026',
    );
  });
});
