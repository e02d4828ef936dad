/**
 * Auto-renew in a real browser (Debian's Chromium), D25: a buyer of a monthly Basic Hosting turns
 * auto-renew on from the card (off before; the terms in plain words), authorises the mandate in
 * the simulator's UPI Autopay tab, and the card says on, with the mandate and the next debit
 * date; the job run across the dates (notice, then the debit) renews the service: the card shows
 * the new renewal date and the debit among its payments; one click turns it off. Screenshots at
 * desktop and phone widths.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DashboardResponse } from '../../lambdas/domain/api';
import { istDate } from '../../lambdas/domain/renewals';
import { MOBILE, screenshot, visible } from '../helpers/browser';
import { indianDate, logIn, paymentSheet, useE2e } from '../helpers/e2e';
import {
  api,
  eventually,
  newUser,
  payOrder,
  signIn,
  signUp,
  type TestUser,
} from '../helpers/storefront-client';

// Its own stack: the auto-renew job it runs debits every due service in the store.
const e2e = useE2e('auto-renew', { ownStack: true });

async function dashboard(token: string): Promise<DashboardResponse> {
  const res = await api<DashboardResponse>(e2e.stack, 'GET', '/api/me/dashboard', { token });
  expect(res.status).toBe(200);
  return res.body;
}

async function monthlyBuyer(): Promise<{ user: TestUser; token: string }> {
  const user = newUser('e2e-autorenew');
  await signUp(e2e.stack, user);
  const token = await signIn(e2e.stack, user);
  const order = await api<{ orderId: string }>(e2e.stack, 'POST', '/api/checkout/orders', {
    token,
    body: { planId: 'basichosting', months: 1 },
  });
  expect(order.status).toBe(201);
  await payOrder(e2e.stack, order.body.orderId, 'success');
  await eventually(async () => (await dashboard(token)).services[0], 'the service');
  return { user, token };
}

async function runJob(time: Date): Promise<void> {
  const res = await fetch(`${e2e.stack.baseUrl}/_local/jobs/auto-renew`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ time: time.toISOString() }),
  });
  expect(res.status).toBe(200);
}

/** 09:00 IST on the India day `days` before `renewalDate`'s. */
function nineAmIstBefore(renewalDate: string, days: number): Date {
  const day = istDate(new Date(Date.parse(renewalDate) - days * 86_400_000));
  return new Date(`${day}T03:30:00.000Z`);
}

async function hostingCard(page: Page) {
  await page.getByRole('tab', { name: 'Hosting' }).click();
  const card = page.getByTestId('service').filter({ hasText: 'Basic Hosting' });
  await visible(card);
  return card;
}

describe('auto-renew from the service card', () => {
  it('on with UPI Autopay → the card shows it → the job renews it → off in one click', async () => {
    const { user, token } = await monthlyBuyer();
    const [bought] = (await dashboard(token)).services;

    await e2e.journey('auto-renew-card', async ({ page }) => {
      await page.goto('/login');
      await logIn(page, user);
      await page.waitForURL('**/dashboard', { timeout: 20_000 });
      const card = await hostingCard(page);
      const control = card.getByTestId('auto-renew');
      await visible(control.getByText('Off', { exact: true }));

      // On: the terms first, in plain words, then Razorpay's sheet
      await control.getByRole('button', { name: 'Turn on auto-renew for Basic Hosting' }).click();
      await visible(control.getByText('Before you authorise'));
      expect(await control.textContent()).toContain('never more than ₹3,600.00');
      expect(await control.textContent()).toContain('Renewals above ₹15,000 are never debited');
      await control.scrollIntoViewIfNeeded();
      await screenshot(page, 'auto-renew-terms');
      await control.getByRole('button', { name: 'Authorise with Razorpay' }).click();
      const sheet = paymentSheet(page);
      await visible(sheet, 15_000);
      await sheet.getByRole('tab', { name: 'UPI Autopay' }).click();
      await sheet.getByRole('button', { name: 'Authorise ₹1.00' }).click();

      // The webhook stores the mandate: the card says On, from where, and when
      await visible(control.getByText('On', { exact: true }), 20_000);
      expect(await control.textContent()).toMatch(/UPI su•+@razorpay/);
      await visible(
        control.getByText(indianDate(nineAmIstBefore(bought!.renewalDate, 2).toISOString()), {
          exact: false,
        }),
      );
    });

    await e2e.journey(
      'auto-renew-card-phone',
      async ({ page }) => {
        await page.goto('/login');
        await logIn(page, user);
        await page.waitForURL('**/dashboard', { timeout: 20_000 });
        const control = (await hostingCard(page)).getByTestId('auto-renew');
        await visible(control);
        await control.scrollIntoViewIfNeeded();
      },
      MOBILE,
    );

    // The job across the dates: the notice, then the debit a day later; the capture renews it.
    await runJob(nineAmIstBefore(bought!.renewalDate, 3));
    await runJob(nineAmIstBefore(bought!.renewalDate, 2));
    const renewed = await eventually(async () => {
      const [s] = (await dashboard(token)).services;
      return s && s.renewalDate !== bought!.renewalDate ? s : undefined;
    }, 'the service renewed by the debit');
    // The debit is a payment like any other, with its tax invoice (D15).
    const debit = await eventually(
      async () =>
        (await dashboard(token)).payments.find(
          (p) => p.amountPaise === 3_538_82 && p.invoiceNumber,
        ),
      'the debit with its invoice',
    );
    expect(debit.invoiceNumber).toMatch(/\S/);

    await e2e.journey('auto-renew-renewed-off', async ({ page }) => {
      await page.goto('/login');
      await logIn(page, user);
      await page.waitForURL('**/dashboard', { timeout: 20_000 });
      const card = await hostingCard(page);
      await visible(card.getByText(indianDate(renewed.renewalDate), { exact: true }));

      await card.getByRole('button', { name: 'Turn off auto-renew for Basic Hosting' }).click();
      await visible(card.getByText('Auto-renew is off. Nothing will be debited.'));
      await visible(card.getByTestId('auto-renew').getByText('Off', { exact: true }));
    });
    expect((await dashboard(token)).services[0]?.autoRenew).toBe(false);
  });

  it("the notice's page refuses a link that is not ours, with a way on", async () => {
    await e2e.journey(
      'auto-renew-off-page',
      async ({ page }) => {
        await page.goto('/auto-renew/off?t=not-a-signed-token');
        await visible(page.getByRole('heading', { name: 'Turn off auto-renew' }));
        await page.getByRole('button', { name: 'Turn off auto-renew' }).click();
        await visible(
          page.getByRole('alert').getByText('This link is not valid', { exact: false }),
        );
      },
      MOBILE,
    );
  });
});

describe('"Renew automatically" at checkout', () => {
  it('unticked until ticked; ticked, one UPI Autopay payment buys the service with auto-renew on', async () => {
    const user = newUser('e2e-archeckout');
    await signUp(e2e.stack, user);
    const token = await signIn(e2e.stack, user);

    await e2e.journey('auto-renew-checkout', async ({ page }) => {
      await page.goto('/login');
      await logIn(page, user);
      await page.waitForURL('**/dashboard', { timeout: 20_000 });
      await page.goto('/checkout?plan=basichosting&months=1');
      const box = page.getByRole('checkbox', { name: 'Renew automatically' });
      await visible(box);
      expect(await box.isChecked()).toBe(false);
      const terms = page.getByTestId('auto-renew-choice');
      expect(await terms.textContent()).toContain('never more than ₹3,600.00');
      expect(await terms.textContent()).toContain('Renewals above ₹15,000 are never debited');
      await box.check();
      await terms.scrollIntoViewIfNeeded();
      await screenshot(page, 'auto-renew-checkout-ticked');

      await page.getByRole('button', { name: 'Pay Now' }).click();
      const sheet = paymentSheet(page);
      await visible(sheet, 15_000);
      await sheet.getByRole('tab', { name: 'UPI Autopay' }).click();
      await sheet.getByRole('button', { name: /^Authorise ₹2,948\.82$/ }).click();

      const alert = page.getByRole('alertdialog');
      await visible(alert.getByText(/Auto-renew is on, paid from UPI su•+@razorpay/), 20_000);
      await screenshot(page, 'auto-renew-checkout-paid');
      await alert.getByRole('button', { name: 'OK' }).click();
      await page.waitForURL('**/dashboard', { timeout: 20_000 });
      const control = (await hostingCard(page)).getByTestId('auto-renew');
      await visible(control.getByText('On', { exact: true }), 20_000);
      expect(await control.textContent()).toMatch(/UPI su•+@razorpay/);
    });

    const [service] = (await dashboard(token)).services;
    expect(service).toMatchObject({ planId: 'basichosting', autoRenew: true });

    // At phone width the box and its terms read in full above Pay Now.
    await e2e.journey(
      'auto-renew-checkout-phone',
      async ({ page }) => {
        await page.goto('/login');
        await logIn(page, user);
        await page.waitForURL('**/dashboard', { timeout: 20_000 });
        await page.goto('/checkout?plan=premiumhosting&months=1');
        const terms = page.getByTestId('auto-renew-choice');
        await visible(terms);
        await terms.scrollIntoViewIfNeeded();
        const box = await terms.boundingBox();
        expect(box!.width).toBeLessThanOrEqual(375);
        await screenshot(page, 'auto-renew-checkout-phone');
      },
      MOBILE,
    );
  });
});
