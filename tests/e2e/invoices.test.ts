/**
 * The tax invoice in a real browser (Debian's Chromium, under the site's CSP), D10 and D15: a buyer
 * takes 36 months of Basic Hosting (₹62,974.80 taxable, over ₹50,000), so the checkout asks for
 * billing details and will not open the payment sheet without them; once the state is chosen the
 * GST shows as IGST 18% (the local sample seller is in Karnataka); after paying, Payments on the
 * dashboard shows the invoice number, and Download saves the PDF, which pdftotext reads back with
 * the number, the buyer's billing name and the total in words.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { documentSeries } from '../../lambdas/domain/invoice';
import { MOBILE, STEP_TIMEOUT_MS, savedDownload, visible } from '../helpers/browser';
import { logInAt, payInSheet, useE2e } from '../helpers/e2e';
import { newUser, signUp } from '../helpers/storefront-client';

// Its own stack: it reads the invoice series from the first number of the financial year.
const e2e = useE2e('invoices', { ownStack: true });

const BILLING = {
  name: 'Kaveri Textiles Private Limited',
  line1: '21, Anna Salai',
  city: 'Chennai',
  state: 'Tamil Nadu',
  pincode: '600002',
};

async function buyWithBilling(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Order Summary' }));
  await page.getByLabel('Billing period').selectOption('36');

  // ₹62,974.80 taxable: the details are asked for, and Pay Now waits for them
  await visible(page.getByText(/From ₹50,000 of taxable value \(the price before GST\), your tax/));
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await visible(page.getByRole('alert').filter({ hasText: /Please/ }));
  expect(await page.locator('[data-razorpay-simulator]').count()).toBe(0);

  await page.getByLabel('Name on invoice').fill(BILLING.name);
  await page.getByLabel('Address line 1').fill(BILLING.line1);
  await page.getByLabel('City').fill(BILLING.city);
  await page.getByLabel('State or union territory').selectOption(BILLING.state);
  await page.getByLabel('PIN code').fill(BILLING.pincode);

  // Tamil Nadu is not the (sample) seller's Karnataka: all of the GST is IGST
  await expect
    .poll(() => page.getByTestId('igst').textContent(), { timeout: STEP_TIMEOUT_MS })
    .toBe('₹11,335.46');
  await visible(page.getByText('IGST (18%)', { exact: true }));
  expect(await page.getByTestId('total').textContent()).toBe('₹74,310.26');

  await page.getByRole('button', { name: 'Pay Now' }).click();
  await payInSheet(page, 'Pay ₹74,310.26');
  await page.waitForURL('**/dashboard', { timeout: 20_000 });
}

/** The invoice numbers this file's stack has issued, in order. */
const issued: string[] = [];

/**
 * The number the stack gave the invoice of the payment a Payments row shows: the next of the
 * series of the financial year of the row's date (the stack's own date, an India calendar day, so
 * a run across 1 April 00:00 IST reads the year the stack did), after those this file was given.
 */
function numberFor(row: string): string | undefined {
  const day = /\b(\d{1,2} [A-Z][a-z]{2} \d{4})/.exec(row)?.[1];
  if (!day) return undefined;
  const series = documentSeries('invoice', new Date(`${day} 00:00:00 GMT+0530`));
  const next = issued.filter((n) => n.startsWith(`${series}/`)).length + 1;
  return `${series}/${String(next).padStart(6, '0')}`;
}

async function downloadInvoice(page: Page): Promise<{ number: string; text: string }> {
  await page.getByRole('tab', { name: 'Payments' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Basic Hosting' });
  await visible(row);
  let number = '';
  await expect
    .poll(
      async () => {
        const shown = (await row.textContent()) ?? '';
        const expected = numberFor(shown);
        number = expected && shown.includes(expected) ? expected : '';
        return number;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  issued.push(number);
  const download = page.waitForEvent('download', { timeout: 20_000 });
  await row.getByRole('button', { name: `Download tax invoice ${number} (PDF)` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
  const saved = await savedDownload(file);
  return { number, text: execFileSync('pdftotext', ['-layout', saved, '-'], { encoding: 'utf8' }) };
}

describe('the tax invoice of a purchase', () => {
  it('asks for billing details over ₹50,000, shows IGST, and downloads the invoice from Payments', async () => {
    const user = newUser('e2e-invoice');
    await signUp(e2e.stack, user);

    await e2e.journey('invoice-download', async ({ page }) => {
      await logInAt(page, '/checkout?plan=basichosting', user);
      await buyWithBilling(page);

      const { number, text } = await downloadInvoice(page);

      expect(text).toContain('TAX INVOICE');
      expect(text).toContain(number);
      expect(text).toContain(BILLING.name);
      expect(text).toContain('Tamil Nadu');
      expect(text).toContain(
        'Rupees Seventy-Four Thousand Three Hundred Ten and Twenty-Six Paise Only',
      );
    });
  });

  it('downloads on a 375 px phone too', async () => {
    const user = newUser('e2e-invoice-phone');
    await signUp(e2e.stack, user);

    await e2e.journey(
      'invoice-download-phone',
      async ({ page }) => {
        await logInAt(page, '/checkout?plan=basichosting', user);
        await buyWithBilling(page);
        const { number, text } = await downloadInvoice(page);
        expect(text).toContain(number);
        // The table scrolls sideways inside its card; the page itself never does.
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
          375,
        );
      },
      MOBILE,
    );
  });
});
