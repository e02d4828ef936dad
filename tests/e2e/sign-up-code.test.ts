/**
 * Sign-up verifies the email (D28) on a phone, in a real browser: from the checkout's login overlay
 * to the sign-up form, a wrong code (its sentence), a new code asked for (the old one stops
 * working), the right code, and back on the same checkout signed in. Screens at 375 px.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOBILE, SCREENSHOT_DIR, hydrated, visible } from '../helpers/browser';
import { hidden, useE2e } from '../helpers/e2e';
import { SIGN_UP_CODE_SUBJECT, accountCode, mailbox, newUser } from '../helpers/storefront-client';

const e2e = useE2e('sign-up-code');

describe('sign-up with the mailed code', () => {
  it('refuses a wrong code, sends a new one, and goes back to the checkout (375 px)', async () => {
    const user = newUser('e2e-code');
    await e2e.journey(
      'sign-up-code-375',
      async ({ page }) => {
        await page.goto('/checkout?plan=basichosting');
        const overlay = page.getByRole('dialog', { name: 'Please Login for Purchasing Plan' });
        await visible(overlay, 20_000);
        await overlay.getByRole('link', { name: 'Sign Up' }).click();
        await page.waitForURL('**/signup?**');
        await hydrated(page);
        await page.getByLabel('Full name').fill(user.name);
        await page.getByLabel('Email address').fill(user.email);
        await page.getByLabel('Phone number').fill('98123 45678');
        await page.getByLabel('Password').fill(user.password);
        await page.getByRole('button', { name: 'Create Account' }).click();

        await visible(page.getByRole('heading', { name: 'Confirm your email' }), 20_000);
        const first = await accountCode(e2e.stack, user.email, SIGN_UP_CODE_SUBJECT);
        await page.screenshot({ path: join(SCREENSHOT_DIR, 'sign-up-code-step-375.png') });
        await page.getByLabel('Verification code').fill(first === '000000' ? '111111' : '000000');
        await page.getByRole('button', { name: 'Confirm email' }).click();
        await visible(
          page.getByText(
            'That code is not right. Please check the latest email from us and try again.',
          ),
        );

        const before = (await mailbox(e2e.stack, user.email)).map((m) => m.messageId);
        await page.getByRole('button', { name: 'Send a new code' }).click();
        await visible(page.getByText(`We've sent a new code to ${user.email}.`));
        const second = await accountCode(e2e.stack, user.email, SIGN_UP_CODE_SUBJECT, before);
        await page.getByLabel('Verification code').fill(second);
        await page.getByRole('button', { name: 'Confirm email' }).click();

        await page.waitForURL('**/checkout?plan=basichosting', { timeout: 20_000 });
        await visible(page.getByRole('heading', { name: 'Order Summary' }), 20_000);
        await hidden(overlay);
      },
      MOBILE,
    );
    const codes = (await mailbox(e2e.stack, user.email)).filter(
      (m) => m.subject === SIGN_UP_CODE_SUBJECT,
    );
    expect(codes).toHaveLength(2);
  });
});
