/**
 * The money-back guarantee in a real browser (Debian's Chromium, under the site's CSP), D16: a
 * buyer pays for Basic Hosting, the card offers "Money-back guarantee until <date>", Cancel asks
 * first and states the ₹35,385.84 to be refunded, confirming cancels it; Payments shows the refund
 * as Refunded ₹35,385.84 once the Razorpay simulator has processed it, with the credit note, whose
 * PDF downloads and reads back (pdftotext) with its CN number and the invoice it adjusts.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { STEP_TIMEOUT_MS, hydrated, screenshot, visible } from '../helpers/browser';
import { dashboardOf, logInAt, payInSheet, useE2e } from '../helpers/e2e';
import { eventually, newUser, signUp, type TestUser } from '../helpers/storefront-client';

const e2e = useE2e('refunds');

async function payForBasicHosting(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Order Summary' }));
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await payInSheet(page, 'Pay ₹35,385.84');
  await page.waitForURL('**/dashboard', { timeout: 20_000 });
}

const CREDIT_NOTE = /CN\/\d{2}-\d{2}\/\d{6}/;

/**
 * Payments, once Razorpay's webhooks (they come on their own) have made the refund processed
 * with its credit note: waits on the API for that, then reloads the page once to show it.
 */
async function refundedRow(page: Page, user: TestUser): Promise<Locator> {
  await eventually(
    async () => {
      const [payment] = (await dashboardOf(e2e.stack, user)).payments;
      return payment?.refund?.status === 'processed' && payment.creditNoteNumber ? true : undefined;
    },
    'the refund processed, with its credit note',
    30_000,
  );
  await page.reload();
  await hydrated(page, '#root [role="tablist"]');
  await page.getByRole('tab', { name: 'Payments' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Basic Hosting' });
  await visible(row);
  await expect
    .poll(() => row.textContent(), { timeout: STEP_TIMEOUT_MS })
    .toContain('Refunded ₹35,385.84');
  expect(await row.textContent()).toMatch(CREDIT_NOTE);
  return row;
}

describe('cancel within the money-back guarantee', () => {
  it('buy → Cancel (the amount stated) → Refunded with a credit note → the credit note downloaded', async () => {
    const user = newUser('e2e-refund');
    await signUp(e2e.stack, user);

    await e2e.journey('refund-cancel', async ({ page }) => {
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

      const row = await refundedRow(page, user);
      const text = (await row.textContent()) ?? '';
      const creditNote = CREDIT_NOTE.exec(text)?.[0] ?? '';
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
