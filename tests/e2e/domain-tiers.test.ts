/**
 * Domain tiers in a real browser (Debian's Chromium) under the site's CSP (#23, #29): an
 * Enterprise domain's card has a DNSSEC section where a DS record typed by the buyer reaches the
 * registrar stand-in; its Change plan lists the other tiers and, before the buyer confirms Basic
 * Domain for the renewal, says that privacy goes off and the DS records are withdrawn on that
 * day. Both at 1280 px and on a 375 px phone, with nothing wider than the screen (screenshots in
 * tests/e2e/screenshots/domain-tiers-*.png).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, hydrated, visible } from '../helpers/browser';
import { logInAt, useE2e } from '../helpers/e2e';
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

const e2e = useE2e('domain-tiers');
const DIGEST = 'E2D3C916F6DEEAC73294E8268FB5885044A833FC5459588F4A9184CFC41A5766';

async function enterpriseDomain(prefix: string) {
  const user = newUser(prefix);
  await signUp(e2e.stack, user);
  const token = await signIn(e2e.stack, user);
  await givenProfile(e2e.stack, token);
  const name = `${prefix}${Date.now().toString(36)}.com`;
  const order = await placeOrder(e2e.stack, token, {
    planId: 'enterprisedomain',
    years: 1,
    domain: name,
  });
  expect((await payOrder(e2e.stack, order.body.orderId)).status).toBe(200);
  const service = await eventually(
    async () => {
      const res = await api<{
        services: { id: string; domain?: string; provisioning: { state: string } }[];
      }>(e2e.stack, 'GET', '/api/me/dashboard', { token });
      return res.body.services.find((s) => s.domain === name && s.provisioning.state === 'ready');
    },
    `${name} registered`,
    60_000,
  );
  return { user, name, serviceId: service.id };
}

async function noSidewaysScroll(page: Page) {
  // A string, as this file is typed for Node (no DOM library).
  const { scroll, width } = await page.evaluate<{ scroll: number; width: number }>(
    '({ scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth })',
  );
  expect(scroll, 'the page is wider than the screen').toBeLessThanOrEqual(width);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', MOBILE],
] as const)('domain tiers on a %s', (size, viewport) => {
  it('the Enterprise card publishes a DS record; Change plan says what Basic takes away before confirming', async () => {
    const { user, name, serviceId } = await enterpriseDomain(`ds${size.slice(0, 1)}`);

    await e2e.journey(
      `domain-tiers-dnssec-${size}`,
      async ({ page }) => {
        await logInAt(page, '/dashboard', user);
        await hydrated(page);
        const dnssec = page
          .getByRole('region', { name: `Domain settings for ${name}` })
          .getByRole('group', { name: 'DNSSEC' });
        await visible(dnssec.getByText('No DS records yet: DNSSEC is off.'), 30_000);
        await dnssec.getByLabel('Key tag').fill('2371');
        await dnssec.getByLabel('Algorithm').selectOption('13');
        await dnssec.getByLabel('Digest type').selectOption('2');
        await dnssec.getByLabel('Digest', { exact: true }).fill(DIGEST.toLowerCase());
        await dnssec.getByRole('button', { name: 'Add DS record' }).click();
        await visible(dnssec.getByRole('list', { name: 'DS records' }).getByText(/^2371 13/));
        const res = await fetch(`${e2e.stack.registrarUrl}/_registrar/domains`);
        const domains = (
          (await res.json()) as { domains: { name: string; dsRecords: unknown[] }[] }
        ).domains;
        expect(domains.find((d) => d.name === name)?.dsRecords).toEqual([
          { keytag: '2371', algorithm: '13', digesttype: '2', digest: DIGEST },
        ]);
        await dnssec.scrollIntoViewIfNeeded();
        await noSidewaysScroll(page);
      },
      viewport,
    );

    await e2e.journey(
      `domain-tiers-change-${size}`,
      async ({ page }) => {
        await logInAt(page, `/change-plan?service=${encodeURIComponent(serviceId)}`, user);
        await page
          .getByRole('button', { name: 'Switch to Basic Domain on renewal' })
          .click({ timeout: 30_000 });
        const confirm = page.getByTestId('tier-confirm');
        await visible(confirm.getByText(/WHOIS privacy is turned off on/));
        await visible(confirm.getByText(/Your DS records are withdrawn from the registry on/));
        await noSidewaysScroll(page);
        await confirm.getByRole('button', { name: 'Confirm Basic Domain on renewal' }).click();
        await visible(page.getByTestId('pending-plan').getByText(/Basic Domain starts on/));
        await noSidewaysScroll(page);
      },
      viewport,
    );
  }, 240_000);
});
