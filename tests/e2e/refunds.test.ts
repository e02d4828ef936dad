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
import { STEP_TIMEOUT_MS, hydrated, savedDownload, screenshot, visible } from '../helpers/browser';
import { dashboardOf, hidden, logInAt, payInSheet, useE2e } from '../helpers/e2e';
import { busDrained } from '../helpers/faults/fault-stack';
import {
  api,
  eventually,
  newUser,
  postWebhook,
  razorpayGet,
  signIn,
  signUp,
  webhookSignature,
  type TestUser,
} from '../helpers/storefront-client';

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
      const pdf = execFileSync('pdftotext', ['-layout', await savedDownload(file), '-'], {
        encoding: 'utf8',
      });
      expect(pdf).toContain('CREDIT NOTE');
      expect(pdf).toContain(creditNote);
      expect(pdf).toContain(invoice);
    });
  });
});

/** The WHM stand-in's accounts (its own hook, GET /_whm/accounts). */
async function whmAccounts(): Promise<{ user: string; suspended: boolean }[]> {
  const res = await fetch(`${e2e.stack.whmUrl}/_whm/accounts`);
  const body = (await res.json()) as { accounts: Record<string, unknown>[] };
  return body.accounts.map((a) => ({ user: String(a.user), suspended: a.state === 'suspended' }));
}

describe('a cancelled service stays ended (D22)', () => {
  it('buy → Cancel → the payment’s webhook again under a new event id → still Cancelled, no control panel, the account still suspended', async () => {
    const user = newUser('e2e-ended');
    await signUp(e2e.stack, user);

    await e2e.journey('ended-stays-ended', async ({ page }) => {
      await logInAt(page, '/checkout?plan=basichosting', user);
      await payForBasicHosting(page);
      const card = page.getByTestId('service').filter({ hasText: 'Basic Hosting' });
      const openPanel = card.getByRole('button', { name: 'Open control panel for Basic Hosting' });
      /** The dashboard read again, on its Hosting tab. */
      const showHosting = async () => {
        await page.reload();
        await hydrated(page, '#root [role="tablist"]');
        await page.getByRole('tab', { name: 'Hosting' }).click();
        await visible(card);
      };
      // The account is made before it is cancelled.
      const username = await eventually(
        async () => (await dashboardOf(e2e.stack, user)).services[0]?.provisioning.username,
        'the hosting account made',
        30_000,
      );
      await showHosting();
      await visible(openPanel);

      await card.getByRole('button', { name: 'Cancel Basic Hosting for a refund' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel Basic Hosting?' });
      await dialog.getByRole('button', { name: 'Cancel and refund ₹35,385.84' }).click();
      await visible(card.getByText('Cancelled', { exact: true }));
      await hidden(openPanel);
      await eventually(
        async () =>
          (await whmAccounts()).find((a) => a.user === username)?.suspended ? true : undefined,
        'the account suspended on the panel',
        30_000,
      );

      // Razorpay sends the payment's captured webhook again, as a new event.
      const [payment] = (await dashboardOf(e2e.stack, user)).payments;
      const paymentId = payment?.paymentId ?? '';
      const entity = await razorpayGet(e2e.stack, `/v1/payments/${paymentId}`);
      expect(entity.status).toBe(200);
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_e2etests00001',
        event: 'payment.captured',
        contains: ['payment'],
        payload: { payment: { entity: entity.body } },
        created_at: Math.floor(Date.now() / 1000),
      });
      const answer = await postWebhook(e2e.stack, body, webhookSignature(body));
      expect(answer.status).toBe(200);
      await busDrained(e2e.stack);

      await showHosting();
      await visible(card.getByText('Cancelled', { exact: true }));
      expect(await openPanel.count()).toBe(0);
      expect((await whmAccounts()).find((a) => a.user === username)).toEqual({
        user: username,
        suspended: true,
      });
      const token = await signIn(e2e.stack, user);
      const serviceId = (await dashboardOf(e2e.stack, user)).services[0]?.id ?? '';
      const login = await api(e2e.stack, 'POST', `/api/me/services/${serviceId}/panel-login`, {
        token,
      });
      expect(login.status).toBe(409);
      expect((login.body as { error: { code: string } }).error.code).toBe('service_ended');
      await screenshot(page, 'ended-stays-ended');
    });
  });
});
