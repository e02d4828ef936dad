/**
 * Two-step sign-in (TOTP, D28) in a real browser: an operator without TOTP is refused by every
 * /api/admin route (403 mfa_required), and the console walks them through setting it up: the QR
 * code (an otpauth:// URI, read here as an authenticator app reads it), a code to confirm; the next
 * sign-in asks for the code. A buyer turns it on in Settings on a phone. Screens at 1280 and 375 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { MOBILE, SCREENSHOT_DIR, STEP_TIMEOUT_MS, visible } from '../helpers/browser';
import { logIn, useE2e } from '../helpers/e2e';
import { newOperator } from '../helpers/operators';
import { api, newUser, signIn, signUp } from '../helpers/storefront-client';
import { totpCode, totpCodeFromUri } from '../helpers/totp';

const e2e = useE2e('two-step');

/** Reads the QR code as an authenticator app would (its otpauth:// URI) and returns the code. */
async function scanQr(page: Page): Promise<string> {
  const qr = page.getByRole('img', {
    name: 'QR code to add this account to an authenticator app',
  });
  await visible(qr, 20_000);
  expect(await qr.locator('svg path').count()).toBeGreaterThan(0);
  const uri = (await qr.getAttribute('data-otpauth-uri')) ?? '';
  expect(uri).toMatch(/^otpauth:\/\/totp\/Hosting%20Storefront:/);
  return uri;
}

describe('an operator without TOTP', () => {
  for (const [size, options] of [
    ['1280', undefined],
    ['375', MOBILE],
  ] as const) {
    it(`is refused by the API and set up in the console before it opens (${size} px)`, async () => {
      const operator = await newOperator(e2e.stack, `e2e-totp-${size}`, { totp: false });
      const refused = await api<{ error: { code: string } }>(
        e2e.stack,
        'GET',
        '/api/admin/orders',
        { token: await signIn(e2e.stack, operator) },
      );
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('mfa_required');

      let uri = '';
      await e2e.journey(
        `totp-setup-${size}`,
        async ({ page }) => {
          await page.goto('/login?redirect=%2Fadmin%2Forders');
          await logIn(page, operator);
          await visible(page.getByRole('heading', { name: 'Set up two-step sign-in' }), 20_000);
          uri = await scanQr(page);
          await page.screenshot({ path: join(SCREENSHOT_DIR, `totp-setup-form-${size}.png`) });
          await page.getByLabel('Code from your authenticator app').fill(totpCodeFromUri(uri));
          await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
          await visible(page.getByRole('heading', { name: 'Operator console', level: 1 }), 20_000);
        },
        options,
      );

      // The next sign-in asks for the code the app shows, then the console answers.
      const secret = new URL(uri).searchParams.get('secret') ?? '';
      await e2e.journey(
        `totp-sign-in-${size}`,
        async ({ page }) => {
          await page.goto('/login?redirect=%2Fadmin%2Forders');
          await logIn(page, { email: operator.email, password: operator.password });
          const field = page.getByLabel('Code from your authenticator app');
          await visible(field, STEP_TIMEOUT_MS);
          await page.screenshot({ path: join(SCREENSHOT_DIR, `totp-code-step-${size}.png`) });
          await field.fill(totpCode(secret));
          await page.getByRole('button', { name: 'Verify', exact: true }).click();
          await page.waitForURL('**/admin/orders', { timeout: 20_000 });
          await visible(page.getByRole('heading', { name: 'Operator console', level: 1 }), 20_000);
        },
        options,
      );
      const token = await signIn(e2e.stack, { ...operator, totpSecret: secret });
      expect((await api(e2e.stack, 'GET', '/api/admin/orders', { token })).status).toBe(200);
    });
  }
});

describe('a buyer', () => {
  it('turns two-step sign-in on in Settings on a phone; the next login asks for the code', async () => {
    const buyer = newUser('e2e-totp-buyer');
    await signUp(e2e.stack, buyer);
    let secret = '';
    await e2e.journey(
      'totp-settings-375',
      async ({ page }) => {
        await page.goto('/login?redirect=%2Fdashboard');
        await logIn(page, buyer);
        await page.waitForURL('**/dashboard', { timeout: 20_000 });
        await page.getByRole('tab', { name: /Settings/ }).click();
        const section = page.getByRole('region', { name: 'Two-step sign-in' });
        await visible(section.getByText(/^Off:/), 20_000);
        await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
        const uri = await scanQr(page);
        await section.screenshot({ path: join(SCREENSHOT_DIR, 'totp-settings-form-375.png') });
        secret = new URL(uri).searchParams.get('secret') ?? '';
        await section.getByLabel('Code from your authenticator app').fill(totpCodeFromUri(uri));
        await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
        await visible(section.getByText(/^Two-step sign-in is on/), 20_000);
        await section.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SCREENSHOT_DIR, 'settings-two-step-on-375.png') });
      },
      MOBILE,
    );
    await expect(signIn(e2e.stack, buyer)).rejects.toThrow(/TOTP code/);
    const token = await signIn(e2e.stack, { ...buyer, totpSecret: secret });
    expect((await api(e2e.stack, 'GET', '/api/me/dashboard', { token })).status).toBe(200);
  });
});
