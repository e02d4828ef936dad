/**
 * A bundle bought with its domain left empty, in a real browser (D24): the Bundles tab offers
 * "Choose your domain" on the domain part; the buyer types a name, checks it, registers it, and
 * — without reloading (the dashboard reads itself again while the part is set up) — the part shows
 * the name, Active, registered once at the registrar stand-in. The buyer has no address on file
 * (a one-month bundle asks none at checkout), so the card asks the registrant's address under the
 * name, as checkout would (D23), and saves it to the profile before it sends the name. Screenshots
 * of the control at 1280 and 375 px are kept in tests/e2e/screenshots/.
 */
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, visible } from '../helpers/browser';
import { logInAt, useE2e } from '../helpers/e2e';
import { sshPublicKey } from '../helpers/ssh-keys';
import {
  api,
  eventually,
  newUser,
  payOrder,
  placeOrder,
  signIn,
  signUp,
  givenProfile,
} from '../helpers/storefront-client';

const e2e = useE2e('bundle-choose-domain');

describe('Choose your domain on a card', () => {
  it('chooses the domain on its card, gives the registrant address asked there, and sees it registered and Active without reloading', async () => {
    const user = newUser('e2e-choose');
    await signUp(e2e.stack, user);
    const token = await signIn(e2e.stack, user);
    // A mobile number from sign-up, no address: a month's bundle registers no name at checkout.
    const stamp = Date.now().toString(36);
    const order = await placeOrder(e2e.stack, token, {
      planId: 'standardbundle',
      months: 1,
      domain: `ashasite${stamp}.in`,
      vps: { os: 'debian-12', sshKeys: [sshPublicKey('ed25519', 'asha@laptop')] },
    });
    expect((await payOrder(e2e.stack, order.body.orderId)).status).toBe(200);
    const name = `ashachose${stamp}.in`;
    mkdirSync(SCREENSHOT_DIR, { recursive: true });

    await e2e.journey('bundle-choose-domain', async ({ page }) => {
      await logInAt(page, '/dashboard?tab=bundle', user);
      const part = page.getByTestId('bundle-part-domain');
      const control = page.getByTestId('choose-domain');
      await eventually(
        async () => {
          if (await control.isVisible()) return true;
          await page.reload();
          await visible(page.getByRole('heading', { name: /Welcome back/ }), 20_000);
          return undefined;
        },
        'Choose your domain on the bundle card',
        60_000,
      );
      await part.screenshot({ path: join(SCREENSHOT_DIR, 'choose-domain-1280.png') });

      await page.setViewportSize({ width: 375, height: 740 });
      await control.getByLabel('Domain name').fill(name);
      await control.getByRole('button', { name: 'Check availability' }).click();
      await visible(control.getByText(`${name} is available.`), 15_000);
      // The registry needs the registrant's address (D23): asked here, under the name.
      const registrant = control.getByTestId('choose-domain-registrant');
      await visible(registrant.getByLabel('Address line 1'), 15_000);
      await part.screenshot({ path: join(SCREENSHOT_DIR, 'choose-domain-375.png') });
      const [scroll, client] = await page.evaluate<[number, number]>(
        '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
      );
      expect(scroll).toBeLessThanOrEqual(client);
      await page.setViewportSize({ width: 1280, height: 900 });
      await part.screenshot({ path: join(SCREENSHOT_DIR, 'choose-domain-registrant-1280.png') });

      await registrant.getByLabel('Name on invoice').fill('Asha Verma');
      await registrant.getByLabel('Address line 1').fill('12 MG Road');
      await registrant.getByLabel('City').fill('Bengaluru');
      await registrant.getByLabel('State or union territory').selectOption('Karnataka');
      await registrant.getByLabel('PIN code').fill('560001');
      await control.getByRole('button', { name: `Save details and register ${name}` }).click();
      // No reload from here: the dashboard reads itself again while the part is set up.
      await visible(part.getByText(`(${name})`), 60_000);
      await eventually(
        async () =>
          (await part.getByTestId('part-state').textContent())?.trim() === 'Active'
            ? true
            : undefined,
        'the chosen domain Active on the card',
        60_000,
      );
      await part.screenshot({ path: join(SCREENSHOT_DIR, 'choose-domain-done-1280.png') });
    });

    const registered = (await (
      await fetch(`${e2e.stack.registrarUrl}/_registrar/domains`)
    ).json()) as { domains: { name: string }[] };
    expect(registered.domains.filter((d) => d.name === name)).toHaveLength(1);
    // The address typed on the card is the profile's now (one source with Settings).
    expect((await api(e2e.stack, 'GET', '/api/me/profile', { token })).body).toMatchObject({
      billing: { line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
    });
  });

  it("a hosting's free domain taken meanwhile: the card says why and registers another name", async () => {
    const user = newUser('e2e-freetaken');
    await signUp(e2e.stack, user);
    const token = await signIn(e2e.stack, user);
    await givenProfile(e2e.stack, token);
    const stamp = Date.now().toString(36);
    const gone = `ashafree${stamp}.com`;
    const name = `ashanew${stamp}.in`;
    const order = await placeOrder(e2e.stack, token, {
      planId: 'premiumhosting',
      months: 1,
      registerDomain: gone,
    });
    const taken = await fetch(`${e2e.stack.registrarUrl}/_registrar/taken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domain: gone }),
    });
    expect(taken.status).toBe(200);
    expect((await payOrder(e2e.stack, order.body.orderId)).status).toBe(200);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });

    await e2e.journey('free-domain-choose-again', async ({ page }) => {
      await logInAt(page, '/dashboard?tab=domain', user);
      const control = page.getByTestId('choose-domain');
      await eventually(
        async () => {
          if (await control.isVisible()) return true;
          await page.reload();
          await visible(page.getByRole('heading', { name: /Welcome back/ }), 20_000);
          return undefined;
        },
        'Choose your domain on the free domain card',
        60_000,
      );
      const card = page.getByRole('tabpanel');
      await visible(card.getByText('there is no payment to refund', { exact: false }));
      await card.screenshot({ path: join(SCREENSHOT_DIR, 'free-domain-taken-1280.png') });
      await page.setViewportSize({ width: 375, height: 740 });
      await card.screenshot({ path: join(SCREENSHOT_DIR, 'free-domain-taken-375.png') });
      const [scroll, client] = await page.evaluate<[number, number]>(
        '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
      );
      expect(scroll).toBeLessThanOrEqual(client);
      await page.setViewportSize({ width: 1280, height: 900 });

      await control.getByLabel('Domain name').fill(name);
      await control.getByRole('button', { name: 'Check availability' }).click();
      await control.getByRole('button', { name: `Register ${name}` }).click();
      // No reload: the card reads itself again until the new name is registered.
      await visible(card.getByText('Registered until', { exact: false }), 60_000);
      await visible(card.getByText(name).first());
    });

    const registered = (await (
      await fetch(`${e2e.stack.registrarUrl}/_registrar/domains`)
    ).json()) as { domains: { name: string }[] };
    expect(registered.domains.filter((d) => d.name === name)).toHaveLength(1);
    expect(registered.domains.some((d) => d.name === gone)).toBe(false);
  });
});
