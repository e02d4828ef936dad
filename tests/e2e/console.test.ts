/**
 * The console of issue #27 in a real browser (Debian's Chromium, under the site's CSP) on the
 * local stack with the built web: a buyer pays for Basic Hosting; an operator types the invoice
 * number into Customers' one search box, the customer's page opens, and they refund part of the
 * payment with a note; the refunds worker asks the Razorpay simulator, whose webhooks make it
 * processed, and the buyer's payment carries a credit note for that part. Then Reports shows the
 * day's revenue as a chart, on a desktop and on a phone.
 */
import { describe, expect, it } from 'vitest';
import { formatInr } from '../../lambdas/domain/money';
import { MOBILE, screenshot, visible } from '../helpers/browser';
import { dashboardOf, logIn, useE2e } from '../helpers/e2e';
import { newOperator } from '../helpers/operators';
import {
  api,
  eventually,
  newUser,
  payOrder,
  signIn,
  signUp,
  type TestUser,
} from '../helpers/storefront-client';

// Its own stack: the revenue report it reads sums every payment in the store.
const e2e = useE2e('console', { ownStack: true });

/** A buyer who paid for a year of Basic Hosting: the payment has its tax invoice. */
async function paidBuyer(): Promise<{ user: TestUser; invoiceNumber: string; paymentId: string }> {
  const user = newUser('e2e-console');
  await signUp(e2e.stack, user);
  const token = await signIn(e2e.stack, user);
  const order = await api<{ orderId: string }>(e2e.stack, 'POST', '/api/checkout/orders', {
    token,
    body: { planId: 'basichosting', months: 12 },
  });
  expect(order.status).toBe(201);
  const paid = await payOrder(e2e.stack, order.body.orderId);
  const verify = await api(e2e.stack, 'POST', '/api/checkout/verify', { token, body: paid.body });
  expect(verify.status).toBe(200);
  const payment = await eventually(async () => {
    const [first] = (await dashboardOf(e2e.stack, user)).payments;
    return first?.invoiceNumber ? first : undefined;
  }, 'the tax invoice');
  return { user, invoiceNumber: payment.invoiceNumber!, paymentId: payment.paymentId };
}

describe('the console of issue #27 in a browser', () => {
  it('finds the customer by an invoice number, refunds part of the payment, and a credit note follows', async () => {
    const [admin, buyer] = await Promise.all([
      newOperator(e2e.stack, 'e2e-console-op'),
      paidBuyer(),
    ]);

    await e2e.journey('console-search-refund', async ({ page }) => {
      await page.goto('/admin/customers');
      await page.waitForURL('**/login?redirect=%2Fadmin%2Fcustomers');
      await logIn(page, admin);
      await page.waitForURL('**/admin/customers', { timeout: 20_000 });

      await page.getByLabel('Find anything').fill(buyer.invoiceNumber);
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      const card = page.getByRole('article', { name: buyer.user.email });
      await visible(card, 20_000);
      await visible(card.getByText(`Invoice ${buyer.invoiceNumber}`, { exact: false }));

      await card.getByLabel('Action').selectOption('refund');
      await card.getByLabel('Amount in ₹ (empty: all of it)').fill('500');
      await card
        .getByLabel('Why (kept in the audit trail; required)')
        .fill('Two days of downtime; agreed on the phone.');
      await card.getByRole('button', { name: 'Refund', exact: true }).click();
      await visible(card.getByText(/Refund asked of Razorpay/), 20_000);
      await screenshot(page, 'console-refund-asked');

      // The mail log: every mail sent (the receipt, the refund's); the receipt resent from here.
      const receipt = card
        .getByRole('listitem')
        .filter({ hasText: 'Payment receipt and welcome' })
        .first();
      const resend = receipt.getByRole('button', { name: 'Resend' });
      await resend.scrollIntoViewIfNeeded();
      await resend.click();
      await receipt
        .getByLabel('Why (kept in the audit trail; required)')
        .fill('The buyer asked for the receipt again.');
      await receipt.getByRole('button', { name: 'Send it again' }).click();
      await visible(card.getByText('Sent again to the buyer.'), 20_000);
      await screenshot(page, 'console-customer-mails');

      // View as customer: the buyer's own cards, read-only (inert: the Cancel button cannot be
      // pressed).
      await card.getByRole('button', { name: 'View as customer' }).click();
      const view = card.getByTestId('customer-view');
      await visible(view.getByRole('heading', { name: 'Your Hosting' }), 20_000);
      expect(await view.getAttribute('inert')).not.toBeNull();
      await view.scrollIntoViewIfNeeded();
      await screenshot(page, 'console-view-as-customer');
    });

    const payment = await eventually(
      async () => {
        const [first] = (await dashboardOf(e2e.stack, buyer.user)).payments;
        return first?.refund?.status === 'processed' && first.creditNoteNumber ? first : undefined;
      },
      'the part refunded, with its credit note',
      40_000,
    );
    expect(payment.refund?.amountPaise).toBe(50_000);
    expect(payment.creditNoteNumber).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);

    const token = await signIn(e2e.stack, admin);
    const found = await api<{ customers: { email: string }[]; documents: { kind: string }[] }>(
      e2e.stack,
      'GET',
      `/api/admin/search?q=${encodeURIComponent(payment.creditNoteNumber!)}`,
      { token },
    );
    expect(found.body.documents).toEqual([expect.objectContaining({ kind: 'credit_note' })]);
    expect(found.body.customers[0]?.email).toBe(buyer.user.email);
  });

  it('draws the revenue chart on Reports, on a desktop and on a phone', async () => {
    const [admin, buyer] = await Promise.all([
      newOperator(e2e.stack, 'e2e-reports-op'),
      paidBuyer(),
    ]);
    const [payment] = (await dashboardOf(e2e.stack, buyer.user)).payments;

    for (const [name, options] of [
      ['console-reports', undefined],
      ['console-reports-phone', MOBILE],
    ] as const) {
      await e2e.journey(
        name,
        async ({ page }) => {
          await page.goto('/admin/reports');
          await page.waitForURL('**/login?redirect=%2Fadmin%2Freports');
          await logIn(page, admin);
          await page.waitForURL('**/admin/reports', { timeout: 20_000 });
          await page.getByRole('button', { name: 'Show revenue' }).click();
          await visible(page.getByRole('img', { name: /Invoiced and refunded per day/ }), 20_000);
          await visible(page.getByText(formatInr(payment!.amountPaise)).first());
        },
        options,
      );
    }
  });
});
