/**
 * Buying a domain in a real browser (Debian's Chromium) under the site's CSP (D21): a buyer
 * searches a name on /domains, presses Register, signs in from checkout's overlay, pays in the
 * simulator's sheet, and is charged exactly the price /domains showed + 18% GST: ₹999.00 a year
 * for .com on Basic Domain, ₹1,178.82 with GST. Texts are written here, not read from the web's
 * copy, so a changed price or sentence fails here.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { DashboardResponse } from '../../lambdas/domain/api';
import {
  DESKTOP,
  SCREENSHOT_DIR,
  launchBrowser,
  newJourney,
  visible,
  hydrated,
} from '../helpers/browser';
import { startLocalStack } from '../helpers/local-stack';
import type { LocalStack } from '../helpers/local-stack';
import { api, newUser, signIn, signUp } from '../helpers/storefront-client';

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
    writeFileSync(join(SCREENSHOT_DIR, 'domains-stack-output.log'), stack.output());
    await stack.dispose();
  }
});

/** "₹999.00" → 99_900 paise. */
function paiseOf(text: string): number {
  const match = /₹([\d,]+)\.(\d\d)/.exec(text);
  if (!match) throw new Error(`no rupee amount in ${JSON.stringify(text)}`);
  return Number(match[1]!.replaceAll(',', '')) * 100 + Number(match[2]);
}

describe('a buyer registers a .com from /domains', () => {
  it('is charged the price /domains showed + 18% GST', async () => {
    const user = newUser('e2e-domain');
    await signUp(stack, user);
    const label = `asharao${Date.now().toString(36)}`;
    const name = `${label}.com`;

    const j = await newJourney(browser, stack.baseUrl, DESKTOP);
    try {
      const { page } = j;
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
      await hydrated(page);
      await page.getByLabel('Email address').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL(`**/checkout?plan=basicdomain&domain=${name}`, { timeout: 20_000 });

      // The breakdown: the name, one year at the price shown, GST 18%, the total
      await visible(page.getByText(`Registration ${name} (₹999.00 × 1 year)`));
      expect(await page.getByLabel('Domain name').inputValue()).toBe(name);
      expect(await page.getByLabel('Promo code').count()).toBe(0);
      const expectedTotal = shownPaise + Math.round((shownPaise * 18) / 100);
      expect(expectedTotal).toBe(117_882);
      await expect.poll(() => page.getByTestId('total').textContent()).toBe('₹1,178.82');
      expect(await page.getByTestId('fee').textContent()).toBe('₹179.82');

      // Pay Now → the simulator's sheet for exactly that amount → Pay
      const created = page.waitForResponse(
        (res) => res.request().method() === 'POST' && res.url().endsWith('/api/checkout/orders'),
        { timeout: 15_000 },
      );
      await page.getByRole('button', { name: 'Pay Now' }).click();
      const orderRes = await created;
      expect(orderRes.status()).toBe(201);
      const order = (await orderRes.json()) as { orderId: string; amountPaise: number };
      expect(order.amountPaise).toBe(expectedTotal);
      const sheet = page.locator('[data-razorpay-simulator]').getByRole('dialog');
      await visible(sheet, 15_000);
      await sheet.getByRole('button', { name: 'Pay ₹1,178.82' }).click();
      const alert = page.getByRole('alertdialog');
      await visible(
        alert.getByText('Payment successful! Your plan has been activated.', { exact: true }),
        20_000,
      );
      await alert.getByRole('button', { name: 'OK' }).click();

      // What was charged: one payment of ₹1,178.82 for a year of that name
      const token = await signIn(stack, user);
      const res = await api<DashboardResponse>(stack, 'GET', '/api/me/dashboard', { token });
      expect(res.status).toBe(200);
      expect(res.body.payments).toHaveLength(1);
      expect(res.body.payments[0]).toMatchObject({
        amountPaise: expectedTotal,
        status: 'paid',
        orderId: order.orderId,
      });
      expect(res.body.services).toHaveLength(1);
      expect(res.body.services[0]).toMatchObject({
        planId: 'basicdomain',
        domain: name,
        months: 12,
        pricePaidPaise: expectedTotal,
      });

      expect(j.pageErrors, 'uncaught errors in the page').toEqual([]);
      expect(j.cspViolations, 'what the Content-Security-Policy blocked').toEqual([]);
    } finally {
      await j.finish('domain-purchase');
    }
  }, 180_000);
});
