/**
 * The money-back guarantee in a real browser (Debian's Chromium, under the site's CSP), D16: a
 * buyer pays for Basic Hosting, the card offers "Money-back guarantee until <date>", Cancel asks
 * first and states the ₹35,385.84 to be refunded, confirming cancels it; Payments shows the refund
 * as Refunded ₹35,385.84 once the Razorpay simulator has processed it, with the credit note, whose
 * PDF downloads and reads back (pdftotext) with its CN number and the invoice it adjusts.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  DESKTOP,
  SCREENSHOT_DIR,
  launchBrowser,
  newJourney,
  screenshot,
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
    writeFileSync(join(SCREENSHOT_DIR, 'refunds-stack-output.log'), stack.output());
    await stack.dispose();
  }
});

async function journey(name: string, run: (j: Journey) => Promise<void>): Promise<void> {
  const j = await newJourney(browser, stack.baseUrl, DESKTOP);
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

async function payForBasicHosting(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Order Summary' }));
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const sheet = page.locator('[data-razorpay-simulator]').getByRole('dialog');
  await visible(sheet, 15_000);
  await sheet.getByRole('button', { name: 'Pay ₹35,385.84' }).click();
  const alert = page.getByRole('alertdialog');
  await visible(
    alert.getByText('Payment successful! Your plan has been activated.', { exact: true }),
    20_000,
  );
  await alert.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL('**/dashboard', { timeout: 20_000 });
}

/** Payments, read again until the refund is processed (Razorpay's webhooks come on their own). */
async function refundedRow(page: Page): Promise<Locator> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.getByRole('tab', { name: 'Payments' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Basic Hosting' });
    await visible(row);
    const text = (await row.textContent()) ?? '';
    if (text.includes('Refunded ₹35,385.84') && /CN\/\d{2}-\d{2}\/\d{6}/.test(text)) return row;
    if (Date.now() > deadline) throw new Error(`the payment never showed Refunded: ${text}`);
    await page.waitForTimeout(500);
    await page.reload();
    await hydrated(page, '#root [role="tablist"]');
  }
}

describe('cancel within the money-back guarantee', () => {
  it('buy → Cancel (the amount stated) → Refunded with a credit note → the credit note downloaded', async () => {
    const user = newUser('e2e-refund');
    await signUp(stack, user);

    await journey('refund-cancel', async ({ page }) => {
      await logInAt(page, '/checkout?plan=basichosting', user);
      await payForBasicHosting(page);

      const card = page.getByTestId('service').filter({ hasText: 'Basic Hosting' });
      await visible(card, 20_000);
      await visible(card.getByText(/^Money-back guarantee until \d{1,2} \w{3} \d{4}$/));
      await card.getByRole('button', { name: 'Cancel Basic Hosting for a refund' }).click();

      const dialog = page.getByRole('dialog', { name: 'Cancel Basic Hosting?' });
      await visible(dialog);
      expect(await dialog.textContent()).toContain('We will refund ₹35,385.84');
      expect(await dialog.textContent()).toContain('The service ends now');
      await screenshot(page, 'refund-confirm');
      await dialog.getByRole('button', { name: 'Cancel and refund ₹35,385.84' }).click();

      await visible(
        card.getByText(
          'Cancelled. Your refund of ₹35,385.84 has been requested; we have emailed you.',
        ),
      );
      await visible(card.getByText('Cancelled', { exact: true }));

      const row = await refundedRow(page);
      const text = (await row.textContent()) ?? '';
      const creditNote = /CN\/\d{2}-\d{2}\/\d{6}/.exec(text)?.[0] ?? '';
      const invoice = /INV\/\d{2}-\d{2}\/\d{6}/.exec(text)?.[0] ?? '';
      expect(invoice).not.toBe('');

      const download = page.waitForEvent('download', { timeout: 20_000 });
      await row.getByRole('button', { name: `Download credit note ${creditNote} (PDF)` }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`${creditNote.replaceAll('/', '-')}.pdf`);
      const pdf = execFileSync('pdftotext', ['-layout', await file.path(), '-'], {
        encoding: 'utf8',
      });
      expect(pdf).toContain('CREDIT NOTE');
      expect(pdf).toContain(creditNote);
      expect(pdf).toContain(invoice);
    });
  });
});
