/**
 * Buying a domain in a real browser (Debian's Chromium) under the site's CSP (D21): a buyer
 * searches a name on /domains, presses Register, signs in from checkout's overlay, pays in the
 * simulator's sheet, and is charged exactly the price /domains showed + 18% GST: ₹999.00 a year
 * for .com on Basic Domain, ₹1,178.82 with GST. Checkout first asks for the registrant's address
 * the new buyer has not given (D23); the dashboard's card then shows the name registered, and a
 * DNS record added there and the nameservers changed there reach the registrar. Texts are written
 * here, not read from the web's copy, so a changed price or sentence fails here.
 */
import { describe, expect, it } from 'vitest';
import { STEP_TIMEOUT_MS, hydrated, visible } from '../helpers/browser';
import { dashboardOf, logIn, payInSheet, pressPayNow, useE2e } from '../helpers/e2e';
import { newUser, signUp } from '../helpers/storefront-client';

const e2e = useE2e('domains');

/** "₹999.00" → 99_900 paise. */
function paiseOf(text: string): number {
  const match = /₹([\d,]+)\.(\d\d)/.exec(text);
  if (!match) throw new Error(`no rupee amount in ${JSON.stringify(text)}`);
  return Number(match[1]!.replaceAll(',', '')) * 100 + Number(match[2]);
}

/** Every name at the registrar stand-in (CONTRACT: GET /_registrar/domains). */
async function registryDomains(): Promise<
  {
    name: string;
    nameservers: string[];
    dnsRecords: { type: string; host: string; value: string }[];
  }[]
> {
  const res = await fetch(`${e2e.stack.registrarUrl}/_registrar/domains`);
  return ((await res.json()) as { domains: [] }).domains;
}

describe('a buyer registers a .com from /domains', () => {
  it('is charged the price /domains showed + 18% GST', async () => {
    const user = newUser('e2e-domain');
    await signUp(e2e.stack, user);
    const label = `asharao${Date.now().toString(36)}`;
    const name = `${label}.com`;

    await e2e.journey('domain-purchase', async ({ page }) => {
      // /domains: search the name; .com is offered at ₹999.00/yr + 18% GST
      await page.goto('/domains');
      await hydrated(page);
      await page.getByLabel('Domain name').fill(label);
      await page.getByRole('button', { name: 'Search' }).click();
      const com = page.getByRole('listitem').filter({ hasText: name });
      await visible(com);
      const comText = (await com.textContent()) ?? '';
      expect(comText).toContain('₹999.00/yr + 18% GST');
      const shownPaise = paiseOf(comText);
      expect(shownPaise).toBe(99_900);

      // Register → checkout for Basic Domain and that name, behind the login overlay
      await com.getByRole('link', { name: `Register ${name}` }).click();
      await page.waitForURL(`**/checkout?plan=basicdomain&domain=${name}`);
      const overlay = page.getByRole('dialog', { name: 'Please Login for Purchasing Plan' });
      await visible(overlay);
      await overlay.getByRole('link', { name: 'Login' }).click();
      await page.waitForURL('**/login?**');
      await logIn(page, user);
      await page.waitForURL(`**/checkout?plan=basicdomain&domain=${name}`, { timeout: 20_000 });

      // The breakdown: the name, one year at the price shown, GST 18%, the total
      await visible(page.getByText(`Registration ${name} (₹999.00 × 1 year)`));
      expect(await page.getByLabel('Domain name').inputValue()).toBe(name);
      expect(await page.getByLabel('Promo code').count()).toBe(0);
      const expectedTotal = shownPaise + Math.round((shownPaise * 18) / 100);
      expect(expectedTotal).toBe(117_882);
      await expect
        .poll(() => page.getByTestId('total').textContent(), { timeout: STEP_TIMEOUT_MS })
        .toBe('₹1,178.82');
      expect(await page.getByTestId('fee').textContent()).toBe('₹179.82');

      // The registry needs the registrant's address, which this new buyer has not given yet:
      // checkout asks for it (D23) and saves it to the profile before paying
      const registrant = page.getByRole('region', { name: 'Registrant details' });
      await visible(registrant.getByLabel('Address line 1'));
      await registrant.getByLabel('Name on invoice').fill('Asha Verma');
      await registrant.getByLabel('Address line 1').fill('12 MG Road');
      await registrant.getByLabel('City').fill('Bengaluru');
      await registrant.getByLabel('State or union territory').selectOption('Karnataka');
      await registrant.getByLabel('PIN code').fill('560001');
      if ((await registrant.getByLabel('Mobile number').count()) > 0) {
        await registrant.getByLabel('Mobile number').fill('98123 45678');
      }

      // Pay Now → the simulator's sheet for exactly that amount → Pay
      const order = await pressPayNow(page);
      expect(order.amountPaise).toBe(expectedTotal);
      await payInSheet(page, 'Pay ₹1,178.82');

      // What was charged: one payment of ₹1,178.82 for a year of that name
      const dashboard = await dashboardOf(e2e.stack, user);
      expect(dashboard.payments).toHaveLength(1);
      expect(dashboard.payments[0]).toMatchObject({
        amountPaise: expectedTotal,
        status: 'paid',
        orderId: order.orderId,
      });
      expect(dashboard.services).toHaveLength(1);
      expect(dashboard.services[0]).toMatchObject({
        planId: 'basicdomain',
        domain: name,
        months: 12,
        pricePaidPaise: expectedTotal,
      });

      // The dashboard's card: the name registered at the registry (converge, D23), under the
      // address just given, then a DNS record set from the card reaches the registry
      const settings = page.getByRole('region', { name: `Domain settings for ${name}` });
      await expect
        .poll(
          async () => {
            await page.goto('/dashboard');
            await hydrated(page);
            return settings.getByText('Registered until').count();
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe(1);
      const [registered] = (await registryDomains()).filter((d) => d.name === name);
      expect(registered).toBeDefined();
      await settings.getByLabel('Host').fill('www');
      await settings.getByLabel('Value').fill('203.0.113.7');
      await settings.getByRole('button', { name: 'Add record' }).click();
      await visible(
        settings.getByRole('list', { name: 'DNS records' }).getByText('A www 203.0.113.7'),
      );
      const [withRecord] = (await registryDomains()).filter((d) => d.name === name);
      expect(withRecord?.dnsRecords).toContainEqual(
        expect.objectContaining({ type: 'A', host: 'www', value: '203.0.113.7' }),
      );

      // The buyer moves the name to another DNS host: the registry holds the new nameservers
      const moved = ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'];
      await settings.getByLabel('Nameservers (2 to 4, one a line)').fill(moved.join('\n'));
      await settings.getByRole('button', { name: 'Save nameservers' }).click();
      await expect
        .poll(async () => (await registryDomains()).find((d) => d.name === name)?.nameservers, {
          timeout: 30_000,
          interval: 500,
        })
        .toEqual(moved);
    });
  }, 180_000);
});
