/**
 * A VPS in a real browser (D24): the buyer chooses Debian 12, pastes an SSH key and pays for Basic
 * VPS; converge makes the server on the Proxmox stand-in; the dashboard's VPS card shows it running
 * with its IP address and how to log in; Reboot answers with the server running; Reinstall (Rocky
 * Linux 9, the hostname typed) answers at once, the card says "Reinstalling…" and then shows the new
 * system running at the same address.
 */
import { describe, expect, it } from 'vitest';
import { hydrated, MOBILE, screenshot, visible } from '../helpers/browser';
import { logIn, payInSheet, useE2e } from '../helpers/e2e';
import { sshPublicKey } from '../helpers/ssh-keys';
import { eventually, newUser, signUp } from '../helpers/storefront-client';

const e2e = useE2e('vps');

describe('a buyer of a VPS', () => {
  it('chooses the OS and gives a key at checkout, pays, sees the server running on its card, reboots it', async () => {
    const user = newUser('e2e-vps');
    await signUp(e2e.stack, user);
    const key = sshPublicKey('ed25519', 'asha@laptop');
    await e2e.journey('vps-checkout-card-reboot', async ({ page }) => {
      await page.goto('/login');
      await logIn(page, user);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });

      await page.goto('/checkout?plan=basicvps');
      await visible(page.getByRole('heading', { name: 'Order Summary' }));
      await hydrated(page, '[data-testid="vps-choice"]');
      await page.getByTestId('vps-os').selectOption('debian-12');
      await page.getByTestId('vps-hostname').fill('asha-web');
      await page.getByTestId('vps-key').fill(key);
      const created = page.waitForResponse(
        (res) => res.request().method() === 'POST' && res.url().endsWith('/api/checkout/orders'),
        { timeout: 15_000 },
      );
      await page.getByRole('button', { name: 'Pay Now' }).click();
      const order = await created;
      expect(order.status()).toBe(201);
      expect(order.request().postDataJSON()).toMatchObject({
        planId: 'basicvps',
        vps: { os: 'debian-12', hostname: 'asha-web', sshKeys: [key] },
      });
      await payInSheet(page, /^Pay ₹/);
      await page.waitForURL('**/dashboard', { timeout: 20_000 });

      const card = page.getByTestId('vps-card');
      await eventually(
        async () => {
          const tab = page.getByRole('tab', { name: 'VPS' });
          if (await tab.isVisible()) await tab.click();
          if ((await card.isVisible()) && (await card.getByTestId('vps-ip').isVisible())) {
            return true;
          }
          await page.reload();
          await visible(page.getByRole('heading', { name: /Welcome back/ }), 20_000);
          return undefined;
        },
        'the VPS card with its IP',
        30_000,
      );
      await visible(card.getByTestId('vps-power').getByText('Running'));
      const ip = (await card.getByTestId('vps-ip').textContent())?.trim() ?? '';
      expect(ip).toMatch(/^203\.0\.113\.\d+$/);
      await visible(card.getByText(`ssh debian@${ip}`));
      await visible(card.getByTestId('vps-os').getByText('Debian 12'));

      const rebooted = page.waitForResponse(
        (res) => res.request().method() === 'POST' && res.url().endsWith('/power'),
        { timeout: 20_000 },
      );
      await card.getByTestId('vps-reboot').click();
      expect((await rebooted).status()).toBe(202);
      await visible(card.getByTestId('vps-power').getByText('Running'));

      // Reinstall: answered at once, the card says so, then shows the new system by itself.
      await card.getByText('Reinstall', { exact: true }).first().click();
      await card.getByLabel('Operating system').selectOption('rockylinux-9');
      await card.getByTestId('vps-reinstall-confirm').fill('asha-web');
      const reinstalled = page.waitForResponse(
        (res) => res.request().method() === 'POST' && res.url().endsWith('/reinstall'),
        { timeout: 20_000 },
      );
      await card.getByRole('button', { name: 'Reinstall' }).click();
      expect((await reinstalled).status()).toBe(202);
      await visible(card.getByTestId('vps-power').getByText('Reinstalling Rocky Linux 9…'));
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'vps-card-reinstalling-desktop');
      await page.setViewportSize({ width: 375, height: 812 });
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'vps-card-reinstalling-phone');
      await page.setViewportSize({ width: 1280, height: 900 });
      await visible(card.getByTestId('vps-os').getByText('Rocky Linux 9'), 30_000);
      await visible(card.getByTestId('vps-power').getByText('Running'));
      await visible(card.getByText(`ssh rocky@${ip}`));
      expect((await card.getByTestId('vps-ip').textContent())?.trim()).toBe(ip);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'vps-card-reinstalled-desktop');
    });
  });

  it('on a phone, a private key pasted by mistake is refused beside the field and no order is made', async () => {
    const user = newUser('e2e-vps-phone');
    await signUp(e2e.stack, user);
    await e2e.journey(
      'vps-checkout-phone-private-key',
      async ({ page }) => {
        await page.goto('/login');
        await logIn(page, user);
        await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
        await page.goto('/checkout?plan=basicvps');
        await hydrated(page, '[data-testid="vps-choice"]');
        let ordered = false;
        page.on('request', (req) => {
          if (req.url().endsWith('/api/checkout/orders')) ordered = true;
        });
        await page.getByTestId('vps-key').fill('-----BEGIN OPENSSH PRIVATE KEY-----');
        await page.getByRole('button', { name: 'Pay Now' }).click();
        await visible(page.getByTestId('vps-key-hint').getByText(/That is a private key/));
        await page.getByTestId('vps-key-hint').scrollIntoViewIfNeeded();
        expect(ordered).toBe(false);
      },
      MOBILE,
    );
  });
});
