/**
 * Storage in a real browser (D24): a buyer with Basic Storage opens the dashboard, the storage
 * card shows the endpoint, the bucket and the space used; "Create key" shows the secret once with
 * its warning; after "I've saved it", and after a reload, the secret is nowhere on the page, the
 * card shows the key id and offers "Rotate key". Also at phone width.
 */
import { describe, expect, it } from 'vitest';
import { hydrated, visible } from '../helpers/browser';
import { logIn, useE2e } from '../helpers/e2e';
import {
  api,
  eventually,
  newUser,
  payOrder,
  placeOrder,
  signIn,
  signUp,
  type TestUser,
} from '../helpers/storefront-client';

const e2e = useE2e('storage');
/** Hydrated once the card's button has React's props. */
const BUCKET_BUTTON = 'section[aria-label="Your bucket"] button';

async function buyStorage(user: TestUser): Promise<void> {
  await signUp(e2e.stack, user);
  const token = await signIn(e2e.stack, user);
  const order = await placeOrder(e2e.stack, token, { planId: 'basicstorage', months: 1 });
  expect((await payOrder(e2e.stack, order.body.orderId)).status).toBe(200);
  await eventually(
    async () => {
      const res = await api<{ services: { storage?: unknown }[] }>(
        e2e.stack,
        'GET',
        '/api/me/dashboard',
        { token },
      );
      return res.body.services.find((s) => s.storage);
    },
    'the bucket made',
    30_000,
  );
}

describe('the storage card in a browser', () => {
  it.each([
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 375, height: 800 }],
  ] as const)(
    '"Create key" shows the secret once (%s)',
    async (name, viewport) => {
      const user = newUser(`e2e-storage-${name}`);
      await buyStorage(user);
      await e2e.journey(
        `storage-create-key-${name}`,
        async ({ page }) => {
          await page.goto('/login');
          await logIn(page, user);
          await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
          await page.goto('/dashboard');
          await hydrated(page, BUCKET_BUTTON);
          const card = page.getByRole('region', { name: 'Your bucket' });
          await visible(card);
          expect(await card.textContent()).toContain('0 bytes of 100 GB');
          await card.getByRole('button', { name: 'Create key' }).click();
          const secret = card.getByTestId('storage-secret');
          await visible(secret);
          const value = await secret.inputValue();
          expect(value.length).toBeGreaterThanOrEqual(20);
          expect(await card.getByRole('alert').textContent()).toContain('cannot be shown again');
          const keyId = (await card.getByTestId('storage-key-id').textContent()) ?? '';
          expect(keyId).toMatch(/^[A-Z0-9]{20}$/);
          await page.screenshot({
            path: `tests/e2e/screenshots/storage-secret-shown-${name}.png`,
            fullPage: true,
          });

          // How to connect: the snippets carry this bucket's values, never the secret.
          await card.getByText('How to connect').click();
          await visible(card.getByText('rclone', { exact: true }));
          expect(await card.locator('details').textContent()).toContain(keyId);
          expect(await card.locator('details').textContent()).not.toContain(value);
          await card.screenshot({ path: `tests/e2e/screenshots/storage-card-${name}.png` });
          // Open snippets never make the page wider than the screen.
          expect(
            await page.evaluate<number>('document.documentElement.scrollWidth'),
          ).toBeLessThanOrEqual(viewport.width);

          await card.getByRole('button', { name: "I've saved it" }).click();
          await visible(card.getByRole('button', { name: 'Rotate key' }));
          expect(await page.content()).not.toContain(value);
          await page.reload();
          await hydrated(page, BUCKET_BUTTON);
          const again = page.getByRole('region', { name: 'Your bucket' });
          await visible(again.getByRole('button', { name: 'Rotate key' }));
          expect(await again.getByTestId('storage-key-id').textContent()).toBe(keyId);
          expect(await page.content()).not.toContain(value);
        },
        { viewport },
      );
    },
    180_000,
  );
});
