/**
 * The buyer's account in a real browser (docs/decisions.md D19): a forgotten password reset from
 * /login with the code Cognito mails (read from the local mailbox), signed in with the new one;
 * then the dashboard's Settings, where billing details with a GSTIN are saved and still there
 * after a reload. The same screens on a 375 px phone. Texts are written here, not read from the
 * web's copy, so a changed text fails here.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gstinCheckCharacter } from '../../lambdas/domain/gst';
import type { Profile } from '../../lambdas/domain/profile';
import { MOBILE, STEP_TIMEOUT_MS, hydrated, screenshot } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';
import {
  api,
  eventually,
  mailbox,
  newUser,
  signIn,
  signUp,
  type TestUser,
} from '../helpers/storefront-client';

const TEXT = {
  codeSent: "If an account exists for that email, we've sent a code to it.",
  resetSubject: 'Your password reset code',
  billingSaved: 'Your billing details have been saved.',
} as const;

/** A GSTIN registered in Karnataka (29), with the check character GSTN's algorithm gives. */
const GSTIN = (() => {
  const first14 = '29AAPFU0939F1Z';
  return first14 + gstinCheckCharacter(first14);
})();

const e2e = useE2e('account', {
  serves: { path: '/forgot-password', text: 'Reset your password' },
});

/** The six-digit code of the latest reset mail to `email` in the local mailbox. */
async function resetCode(email: string): Promise<string> {
  return eventually(async () => {
    const mails = (await mailbox(e2e.stack, email)).filter(
      (mail) => mail.subject === TEXT.resetSubject,
    );
    const latest = mails[mails.length - 1];
    return latest ? /\b(\d{6})\b/.exec(latest.body.text ?? latest.body.html ?? '')?.[1] : undefined;
  }, `a password reset code for ${email}`);
}

/** The page is no wider than the screen: nothing to scroll sideways on a phone. */
async function fitsWidth(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate<[number, number]>(
    '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
  );
  expect(scroll).toBeLessThanOrEqual(client);
}

async function resetPasswordFromLogin(
  page: Page,
  user: TestUser,
  newPassword: string,
  screens: string,
) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/forgot-password');
  await hydrated(page);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText(TEXT.codeSent).waitFor();
  const code = await resetCode(user.email);
  await page.getByLabel('Code from the email').fill(code);
  await page.getByLabel('New password').fill(newPassword);
  await screenshot(page, `account-reset-code-${screens}`);
  await page.getByRole('button', { name: 'Set new password' }).click();
}

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('heading', { name: /^Welcome back/ }).waitFor();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Name on invoice').waitFor();
}

describe('the account (D19)', () => {
  it('resets a forgotten password from /login, signs in with it, and saves billing details with a GSTIN', async () => {
    const user = newUser('account');
    await signUp(e2e.stack, user);
    const newPassword = `reset-${user.password}`;

    await e2e.journey('account-settings-desktop', async ({ page }) => {
      await resetPasswordFromLogin(page, user, newPassword, 'desktop');

      await page.waitForURL('**/dashboard');
      await expect(signIn(e2e.stack, user)).rejects.toThrow();
      await expect(
        signIn(e2e.stack, { email: user.email, password: newPassword }),
      ).resolves.toMatch(/^ey/);

      await openSettings(page);
      await screenshot(page, 'account-settings-top-desktop');
      const billing = page.getByRole('region', { name: 'Billing details' });
      await billing.getByLabel('Name on invoice').fill('Verma Traders');
      await billing.getByLabel('Address line 1').fill('12, MG Road');
      await billing.getByLabel('City').fill('Bengaluru');
      await billing.getByLabel('State or union territory').selectOption('Karnataka');
      await billing.getByLabel('PIN code').fill('560001');
      await billing.getByLabel('GSTIN (optional)').fill(GSTIN.toLowerCase());
      await billing.getByRole('button', { name: 'Save' }).click();
      await billing.getByText(TEXT.billingSaved).waitFor();

      await page.reload();
      await openSettings(page);
      const saved = page.getByTestId('saved-billing');
      await expect
        .poll(() => saved.textContent(), { timeout: STEP_TIMEOUT_MS })
        .toContain(`GSTIN ${GSTIN}`);
      expect(await saved.textContent()).toContain('Bengaluru, Karnataka 560001');
      expect(await page.getByLabel('GSTIN (optional)').inputValue()).toBe(GSTIN);
      expect(await page.getByLabel('Email address').isDisabled()).toBe(true);
      await page.getByRole('region', { name: 'Billing details' }).scrollIntoViewIfNeeded();
    });

    const token = await signIn(e2e.stack, { email: user.email, password: newPassword });
    const profile = await api<Profile>(e2e.stack, 'GET', '/api/me/profile', { token });
    expect(profile.body.billing).toEqual({
      name: 'Verma Traders',
      line1: '12, MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      gstin: GSTIN,
    });
  });

  it('works on a 375 px phone: the reset page and the settings fit the screen', async () => {
    const user = newUser('account-phone');
    await signUp(e2e.stack, user);
    const newPassword = `reset-${user.password}`;

    await e2e.journey(
      'account-settings-phone',
      async ({ page }) => {
        await page.goto('/forgot-password');
        await hydrated(page);
        await fitsWidth(page);
        await screenshot(page, 'account-forgot-password-phone');

        await resetPasswordFromLogin(page, user, newPassword, 'phone');
        await page.waitForURL('**/dashboard');
        await openSettings(page);
        await fitsWidth(page);
        await page.getByRole('region', { name: 'Your details' }).scrollIntoViewIfNeeded();
        await screenshot(page, 'account-settings-top-phone');
        await page.getByRole('region', { name: 'Billing details' }).scrollIntoViewIfNeeded();
      },
      MOBILE,
    );
  });
});
