/**
 * A bundle in a real browser (D24, issue #24): the buyer of a Standard Bundle names the domain to
 * register and gives the VPS's OS and key at checkout, pays, and the dashboard's Bundles tab shows
 * every part the bundle lists — hosting, domain, storage, VPS — each Active, the domain by its
 * name and the VPS with its address, from the stand-ins converge drove (WHM, the registrar,
 * the object storage, Proxmox VE).
 */
import { describe, expect, it } from 'vitest';
import { hydrated, visible } from '../helpers/browser';
import { logInAt, payInSheet, useE2e } from '../helpers/e2e';
import { sshPublicKey } from '../helpers/ssh-keys';
import { eventually, givenProfile, newUser, signIn, signUp } from '../helpers/storefront-client';

const e2e = useE2e('bundles');

describe('a buyer of a bundle', () => {
  it('names the domain and the VPS key at checkout, pays, and sees every part of the bundle Active', async () => {
    const user = newUser('e2e-bundle');
    await signUp(e2e.stack, user);
    // The invoice's billing details (a year of the bundle is over ₹50,000) and the registrant's.
    const token = await signIn(e2e.stack, user);
    await givenProfile(e2e.stack, token);
    const name = `asha${Date.now().toString(36)}.in`;
    const key = sshPublicKey('ed25519', 'asha@laptop');

    await e2e.journey('bundle-checkout-every-part', async ({ page }) => {
      const checkout = `/checkout?plan=standardbundle&domain=${name}`;
      await logInAt(page, checkout, user);
      await hydrated(page, '[data-testid="register-domain"]');
      await page.getByLabel('Domain name to register').fill(name);
      await page.getByTestId('vps-key').fill(key);
      const created = page.waitForResponse(
        (res) => res.request().method() === 'POST' && res.url().endsWith('/api/checkout/orders'),
        { timeout: 15_000 },
      );
      await page.getByRole('button', { name: 'Pay Now' }).click();
      const order = await created;
      expect(order.status()).toBe(201);
      expect(order.request().postDataJSON()).toMatchObject({
        planId: 'standardbundle',
        registerDomain: name,
        vps: { sshKeys: [key] },
      });
      await payInSheet(page, /^Pay ₹/);
      await page.waitForURL('**/dashboard', { timeout: 20_000 });

      const parts = page.getByTestId('bundle-parts');
      const kinds = ['hosting', 'domain', 'storage', 'vps'] as const;
      await eventually(
        async () => {
          await page.goto('/dashboard?tab=bundle');
          await visible(page.getByRole('heading', { name: /Welcome back/ }), 20_000);
          if (!(await parts.isVisible())) return undefined;
          for (const kind of kinds) {
            const state = parts.getByTestId(`bundle-part-${kind}`).getByTestId('part-state');
            if ((await state.textContent())?.trim() !== 'Active') return undefined;
          }
          return true;
        },
        'every part of the bundle Active on its card',
        60_000,
      );
      await visible(parts.getByTestId('bundle-part-domain').getByText(`(${name})`));
      const vps = parts.getByTestId('bundle-part-vps');
      const ip = (await vps.getByTestId('vps-ip').textContent())?.trim() ?? '';
      expect(ip).toMatch(/^203\.0\.113\.\d+$/);
      await visible(vps.getByTestId('vps-power').getByText('Running'));
    });

    // What the browser saw is what the providers hold: the name registered once at the registrar.
    const registered = (await (
      await fetch(`${e2e.stack.registrarUrl}/_registrar/domains`)
    ).json()) as { domains: { name: string }[] };
    expect(registered.domains.filter((d) => d.name === name)).toHaveLength(1);
  });
});
