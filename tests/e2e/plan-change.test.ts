/**
 * A plan change in a real browser (Debian's Chromium, under the site's CSP), D26: a buyer pays for
 * Basic Hosting, the card's "Change plan" opens /change-plan, which shows the quote for Premium
 * Hosting (the credit, the charge, GST, the total and "Your renewal date stays …"); paying it in
 * the Razorpay sheet brings the buyer back to the dashboard, whose card shows Premium Hosting with
 * the same renewal date, and the WHM stand-in's account is on Premium's package. On a phone-sized
 * screen the quote fits the width.
 */
import { describe, expect, it } from 'vitest';
import { screenshot, visible } from '../helpers/browser';
import { dashboardOf, logInAt, payInSheet, useE2e } from '../helpers/e2e';
import { eventually, newUser, signUp } from '../helpers/storefront-client';

const e2e = useE2e('plan-change');

async function whmPlans(): Promise<string[]> {
  const res = await fetch(`${e2e.stack.whmUrl}/_whm/accounts`);
  const body = (await res.json()) as { accounts: { plan: string }[] };
  return body.accounts.map((a) => a.plan);
}

describe('change plan from the service card', () => {
  it('Basic Hosting → Change plan → the quote → pay → Premium Hosting on the card, same renewal date', async () => {
    const user = newUser('e2e-change');
    await signUp(e2e.stack, user);

    await e2e.journey('plan-change', async ({ page }) => {
      await logInAt(page, '/checkout?plan=basichosting', user);
      await visible(page.getByRole('heading', { name: 'Order Summary' }));
      await page.getByRole('button', { name: 'Pay Now' }).click();
      await payInSheet(page, 'Pay ₹35,385.84');
      await page.waitForURL('**/dashboard', { timeout: 20_000 });
      const bought = await eventually(
        async () => {
          const [service] = (await dashboardOf(e2e.stack, user)).services;
          return service?.state === 'active' && service.provisioning.state === 'ready'
            ? service
            : undefined;
        },
        'Basic Hosting active on the panel',
        30_000,
      );
      await page.reload();

      const card = page.getByTestId('service').filter({ hasText: 'Basic Hosting' });
      await card.getByRole('link', { name: 'Change the plan of Basic Hosting' }).click();
      await page.waitForURL('**/change-plan?service=*');
      const quote = page.getByTestId('change-quote');
      await visible(quote, 20_000);
      expect(await quote.textContent()).toContain('Move to Premium Hosting now');
      expect(await page.getByTestId('renewal-stays').textContent()).toMatch(
        /^Your renewal date stays \d{1,2} \w{3} \d{4}; from then you pay ₹70,785\.84 every 12 months/,
      );
      await screenshot(page, 'plan-change-quote');

      // The whole period is left on the day of purchase: the difference is ₹18,000 + GST.
      await page.getByRole('button', { name: 'Pay ₹21,240.00' }).click();
      await payInSheet(page, 'Pay ₹21,240.00');
      await page.waitForURL('**/dashboard', { timeout: 20_000 });

      const premium = page.getByTestId('service').filter({ hasText: 'Premium Hosting' });
      await visible(premium, 20_000);
      await eventually(
        async () => ((await whmPlans()).includes('storefront_premium') ? true : undefined),
        'the account on Premium’s package',
        30_000,
      );
      const [after] = (await dashboardOf(e2e.stack, user)).services;
      expect(after).toMatchObject({
        id: bought.id,
        planId: 'premiumhosting',
        renewalDate: bought.renewalDate,
      });
      await screenshot(page, 'plan-change-card');
    });
  }, 180_000);

  it('fits a phone-sized screen', async () => {
    const user = newUser('e2e-change-phone');
    await signUp(e2e.stack, user);
    await e2e.journey(
      'plan-change-phone',
      async ({ page }) => {
        await logInAt(page, '/checkout?plan=basichosting', user);
        await visible(page.getByRole('heading', { name: 'Order Summary' }));
        await page.getByRole('button', { name: 'Pay Now' }).click();
        await payInSheet(page, 'Pay ₹35,385.84');
        await page.waitForURL('**/dashboard', { timeout: 20_000 });
        const service = await eventually(
          async () => {
            const [found] = (await dashboardOf(e2e.stack, user)).services;
            return found?.state === 'active' ? found : undefined;
          },
          'Basic Hosting active',
          30_000,
        );
        await page.goto(`/change-plan?service=${service.id}`);
        await visible(page.getByTestId('change-quote'), 20_000);
        const [scroll, client] = await page.evaluate<[number, number]>(
          '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
        );
        expect(scroll).toBeLessThanOrEqual(client);
        await screenshot(page, 'plan-change-phone');
      },
      { viewport: { width: 375, height: 812 } },
    );
  }, 180_000);
});
