/**
 * A bundle upgraded in a real browser (D26 with D24): a Basic Bundle's card opens /change-plan,
 * whose quote for the Standard Bundle lists each part that moves and asks the key of the VPS it
 * adds; paid in the Razorpay sheet, the Bundles tab shows every part on the Standard Bundle's
 * plan, the WHM stand-in's account is on Premium Hosting's package and the Proxmox stand-in runs
 * the added Basic VPS. On a 375 px screen the quote fits the width.
 */
import { describe, expect, it } from 'vitest';
import { screenshot, visible } from '../helpers/browser';
import { dashboardOf, logInAt, payInSheet, useE2e } from '../helpers/e2e';
import { sshPublicKey } from '../helpers/ssh-keys';
import {
  eventually,
  newUser,
  payOrder,
  placeOrder,
  signIn,
  signUp,
  givenProfile,
} from '../helpers/storefront-client';

const e2e = useE2e('bundle-upgrade');

describe('a bundle’s Change plan', () => {
  it('Basic → Standard Bundle: the parts on the quote, paid, every part on the larger bundle’s plan', async () => {
    const user = newUser('e2e-bundleup');
    await signUp(e2e.stack, user);
    const token = await signIn(e2e.stack, user);
    await givenProfile(e2e.stack, token);
    const name = `ashab${Date.now().toString(36)}.in`;
    const bought = await placeOrder(e2e.stack, token, {
      planId: 'basicbundle',
      months: 12,
      domain: name,
      registerDomain: name,
    });
    expect((await payOrder(e2e.stack, bought.body.orderId)).status).toBe(200);
    const bundle = await eventually(
      async () => {
        const [service] = (await dashboardOf(e2e.stack, user)).services;
        return service?.state === 'active' && service.parts?.every((p) => p.state === 'ready')
          ? service
          : undefined;
      },
      'the Basic Bundle active with every part',
      60_000,
    );

    await e2e.journey('bundle-upgrade', async ({ page }) => {
      await logInAt(page, '/dashboard?tab=bundle', user);
      const card = page.getByTestId('service').filter({ hasText: 'Basic Bundle' });
      await card.getByRole('link', { name: 'Change the plan of Basic Bundle' }).click();
      await page.waitForURL('**/change-plan?service=*');
      const parts = page.getByTestId('part-changes');
      await visible(parts, 20_000);
      expect(await parts.getByRole('listitem').allTextContents()).toEqual([
        'Hosting: Basic Hosting (1 website, 10 GB) → Premium Hosting (10 websites, 50 GB)',
        'Domain: Basic Domain → Premium Domain',
        'Cloud storage: Basic Storage (100 GB) → Standard Storage (500 GB)',
        'VPS: Basic VPS (1 vCPU, 1 GB RAM, 25 GB disk), new',
      ]);
      // The VPS it adds is asked for as a bundle's checkout asks it.
      await page.getByTestId('vps-key').fill(sshPublicKey('ed25519', 'asha@laptop'));
      await screenshot(page, 'bundle-upgrade-quote');

      const pay = page.getByRole('button', { name: /^Pay ₹/ });
      const label = ((await pay.textContent()) ?? '').trim();
      await pay.click();
      await payInSheet(page, label);
      await page.waitForURL('**/dashboard', { timeout: 20_000 });

      const names = await eventually(
        async () => {
          await page.goto('/dashboard?tab=bundle');
          const shown = page.getByTestId('bundle-parts');
          await visible(shown, 20_000);
          const rows = await shown.locator('[data-testid^="bundle-part-"]').allTextContents();
          return rows.length === 4 && rows.some((row) => row.includes('VPS: Basic VPS'))
            ? rows
            : undefined;
        },
        'the card on the Standard Bundle’s parts',
        60_000,
      );
      expect(names[0]).toContain('Hosting: Premium Hosting');
      expect(names[2]).toContain('Cloud storage: Standard Storage');
      await screenshot(page, 'bundle-upgrade-card');
    });

    await eventually(async () => {
      const res = (await (await fetch(`${e2e.stack.whmUrl}/_whm/accounts`)).json()) as {
        accounts: { domain: string; plan: string }[];
      };
      return res.accounts.find((a) => a.domain === name)?.plan === 'storefront_premium'
        ? true
        : undefined;
    }, 'the account on Premium Hosting’s package');
    // The VPS the larger bundle added, made with the key given on /change-plan.
    await eventually(
      async () => {
        const res = (await (await fetch(`${e2e.stack.proxmoxUrl}/_proxmox/vms`)).json()) as {
          vms: { serviceId: string; cores: number; diskGb: number; status: string }[];
        };
        const vm = res.vms.find((v) => v.serviceId === `${bundle.id}~vps`);
        return vm?.status === 'running' && vm.cores === 1 && vm.diskGb === 25 ? true : undefined;
      },
      'the added VPS running on the Proxmox stand-in',
      60_000,
    );

    await e2e.journey(
      'bundle-upgrade-phone',
      async ({ page }) => {
        await logInAt(page, `/change-plan?service=${bundle.id}`, user);
        // Now on the Standard Bundle: the Premium Bundle's quote, with its parts.
        await visible(page.getByTestId('part-changes'), 20_000);
        const [scroll, client] = await page.evaluate<[number, number]>(
          '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
        );
        expect(scroll).toBeLessThanOrEqual(client);
        await screenshot(page, 'bundle-upgrade-phone');
      },
      { viewport: { width: 375, height: 812 } },
    );
  }, 240_000);
});
