/**
 * The tax invoice in a real browser (Debian's Chromium, under the site's CSP), D10 and D15: a buyer
 * takes 36 months of Basic Hosting (₹62,974.80 taxable, over ₹50,000), so the checkout asks for
 * billing details and will not open the payment sheet without them; once the state is chosen the
 * GST shows as IGST 18% (the local sample seller is in Karnataka); after paying, Payments on the
 * dashboard shows the invoice number, and Download saves the PDF, which pdftotext reads back with
 * the number, the buyer's billing name and the total in words.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { documentSeries } from '../../lambdas/domain/invoice';
import {
  DESKTOP,
  MOBILE,
  SCREENSHOT_DIR,
  launchBrowser,
  newJourney,
  type Journey,
  visible,
  hydrated,
} from '../helpers/browser';
import { startLocalStack, type LocalStack } from '../helpers/local-stack';
import { newUser, signUp, type TestUser } from '../helpers/storefront-client';

let stack: LocalStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startLocalStack({ withWeb: true }), launchBrowser()]);
  const home = await fetch(stack.baseUrl + '/');
  if (!home.ok || !(await home.text()).includes('<div id="root"'))
    throw new Error(`The stack serves no web build at / (status ${home.status}).`);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (stack) {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(join(SCREENSHOT_DIR, 'invoices-stack-output.log'), stack.output());
    await stack.dispose();
  }
});

/** One journey in a fresh context; its last screen is saved even when a step fails. */
async function journey(
  name: string,
  run: (j: Journey) => Promise<void>,
  options = DESKTOP,
): Promise<void> {
  const j = await newJourney(browser, stack.baseUrl, options);
  try {
    await run(j);
    expect(j.pageErrors, 'uncaught errors in the page').toEqual([]);
    expect(j.cspViolations, 'what the Content-Security-Policy blocked').toEqual([]);
  } catch (error) {
    if (error instanceof Error) {
      const log = [...j.pageErrors, ...j.consoleErrors].map((line) => `\n    ${line}`).join('');
      error.message += `\n  at ${j.page.url()} (screenshot: ${name}.png)${log}`;
    }
    throw error;
  } finally {
    await j.finish(name);
  }
}

async function logInAt(page: Page, path: string, user: TestUser): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await hydrated(page, '#root form');
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`**${path}`, { timeout: 20_000 });
}

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
  await visible(page.getByText(/For an order of ₹50,000 or more, your tax invoice must carry/));
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await visible(page.getByRole('alert').filter({ hasText: /Please/ }));
  expect(await page.locator('[data-razorpay-simulator]').count()).toBe(0);

  await page.getByLabel('Name on invoice').fill(BILLING.name);
  await page.getByLabel('Address line 1').fill(BILLING.line1);
  await page.getByLabel('City').fill(BILLING.city);
  await page.getByLabel('State or union territory').selectOption(BILLING.state);
  await page.getByLabel('PIN code').fill(BILLING.pincode);

  // Tamil Nadu is not the (sample) seller's Karnataka: all of the GST is IGST
  await expect.poll(() => page.getByTestId('igst').textContent()).toBe('₹11,335.46');
  await visible(page.getByText('IGST (18%)', { exact: true }));
  expect(await page.getByTestId('total').textContent()).toBe('₹74,310.26');

  await page.getByRole('button', { name: 'Pay Now' }).click();
  const sheet = page.locator('[data-razorpay-simulator]').getByRole('dialog');
  await visible(sheet, 15_000);
  await sheet.getByRole('button', { name: 'Pay ₹74,310.26' }).click();
  const alert = page.getByRole('alertdialog');
  await visible(
    alert.getByText('Payment successful! Your plan has been activated.', { exact: true }),
    20_000,
  );
  await alert.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL('**/dashboard', { timeout: 20_000 });
}

async function downloadInvoice(page: Page, number: string): Promise<string> {
  await page.getByRole('tab', { name: 'Payments' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Basic Hosting' });
  await visible(row);
  await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain(number);
  const download = page.waitForEvent('download', { timeout: 20_000 });
  await row.getByRole('button', { name: `Download tax invoice ${number} (PDF)` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
  const saved = await file.path();
  return execFileSync('pdftotext', ['-layout', saved, '-'], { encoding: 'utf8' });
}

describe('the tax invoice of a purchase', () => {
  it('asks for billing details over ₹50,000, shows IGST, and downloads the invoice from Payments', async () => {
    const user = newUser('e2e-invoice');
    await signUp(stack, user);
    const number = `${documentSeries('invoice', new Date())}/000001`;

    await journey('invoice-download', async ({ page }) => {
      await logInAt(page, '/checkout?plan=basichosting', user);
      await buyWithBilling(page);

      const text = await downloadInvoice(page, number);

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
    await signUp(stack, user);
    const number = `${documentSeries('invoice', new Date())}/000002`;

    await journey(
      'invoice-download-phone',
      async ({ page }) => {
        await logInAt(page, '/checkout?plan=basichosting', user);
        await buyWithBilling(page);
        const text = await downloadInvoice(page, number);
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
