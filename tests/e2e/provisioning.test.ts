/**
 * Delivery in a real browser (D18): a buyer types "Domain for this hosting" on checkout and pays
 * for Basic Hosting, the WHM stand-in's account is made for that domain, the dashboard's card shows
 * the account once it is ready, and "Open control panel" opens a tab that lands on the WHM
 * stand-in's panel signed in as the buyer's username. At the end of the run, no mail in the local mailbox
 * holds a password, or anything that reads as one.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, visible } from '../helpers/browser';
import { dashboardOf, logIn, payInSheet, useE2e } from '../helpers/e2e';
import { eventually, mailbox, newUser, signUp, type TestUser } from '../helpers/storefront-client';

const e2e = useE2e('provisioning');
/** Every buyer of this run, for the check over the whole mailbox. */
const buyers: TestUser[] = [];

/** An account as the WHM stand-in lists it at GET /_whm/accounts (docs/api.md). */
interface WhmAccount {
  user: string;
  domain: string;
  plan: string;
  state: string;
}

async function whmAccounts(): Promise<WhmAccount[]> {
  const res = await fetch(`${e2e.stack.whmUrl}/_whm/accounts`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { accounts: WhmAccount[] }).accounts;
}

/**
 * Logs in on /login and pays for the plan on its checkout, as a buyer does; with `domain`, types
 * it as the domain for this hosting (unticking "I’ll add it later" first).
 */
async function buyInBrowser(
  page: Page,
  user: TestUser,
  planId: string,
  domain?: string,
): Promise<void> {
  await page.goto('/login');
  await logIn(page, user);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });

  await page.goto(`/checkout?plan=${planId}`);
  await visible(page.getByRole('heading', { name: 'Order Summary' }));
  if (domain) {
    // The plan's checkout page is prerendered: a box unticked before React hydrates it is ticked
    // again by hydration, and the domain field stays disabled.
    await hydrated(page, '[data-testid="hosting-domain"]');
    await page.getByRole('checkbox', { name: 'I’ll add it later' }).uncheck();
    await page.getByLabel('Domain for this hosting').fill(domain);
    await visible(page.getByTestId('summary-domain').getByText(domain, { exact: true }));
  }
  const created = page.waitForResponse(
    (res) => res.request().method() === 'POST' && res.url().endsWith('/api/checkout/orders'),
    { timeout: 15_000 },
  );
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const order = await created;
  expect(order.status()).toBe(201);
  expect((order.request().postDataJSON() as { domain?: string }).domain).toBe(domain);
  await payInSheet(page, /^Pay ₹/);
  await page.waitForURL('**/dashboard', { timeout: 20_000 });
}

describe('a buyer of hosting', () => {
  it('gets an account for the domain typed on checkout, opens its control panel and lands signed in as it', async () => {
    const user = newUser('e2e-panel');
    // Unique to this buyer: the panel refuses a domain another account already has.
    const domain = `${user.email.split('@')[0]}.in`;
    await signUp(e2e.stack, user);
    buyers.push(user);
    await e2e.journey('provisioning-open-control-panel', async ({ page, context }) => {
      await buyInBrowser(page, user, 'basichosting', domain);

      // The account is made by the bus's consumer: the card says "Setting up" until it is
      // ready, so look again (as a buyer would) until the card offers the control panel.
      const open = page.getByRole('button', { name: 'Open control panel for Basic Hosting' });
      await eventually(
        async () => {
          await page.getByRole('tab', { name: 'Hosting' }).click();
          if (await open.isVisible()) return true;
          await page.reload();
          await visible(page.getByRole('heading', { name: /Welcome back/ }), 20_000);
          return undefined;
        },
        'Open control panel on the hosting card',
        30_000,
      );
      const { services } = await dashboardOf(e2e.stack, user);
      const username = services[0]?.provisioning.username ?? '';
      expect(username).toMatch(/^[a-z][a-z0-9]{1,15}$/);
      // The panel's account is the buyer's domain, not a placeholder (D18).
      expect(await whmAccounts()).toContainEqual(
        expect.objectContaining({ user: username, domain, plan: expect.any(String) }),
      );
      expect(services[0]?.domain).toBe(domain);
      const card = page.getByTestId('service').filter({ hasText: 'Basic Hosting' });
      expect(await card.getByTestId('access-details').textContent()).toContain(username);

      const opened = context.waitForEvent('page', { timeout: 15_000 });
      await open.click();
      const panel = await opened;
      await panel.waitForURL(`${e2e.stack.whmUrl}/cpsess*/login/**`, { timeout: 15_000 });
      await visible(
        panel.getByRole('heading', {
          name: `Control panel (local stand-in): signed in as ${username}`,
        }),
      );
      // The tab cannot reach back into the storefront's page.
      expect(await panel.evaluate('window.opener === null')).toBe(true);
    });
  });
});

describe('every mail of this run', () => {
  it('holds no password: neither a buyer’s nor anything written as "password: …"', async () => {
    // The buyer's ready mail is the last this run sends.
    await eventually(
      async () => {
        const mails = await mailbox(e2e.stack);
        return buyers.every((b) =>
          mails.some((m) => m.destination.to.includes(b.email) && m.subject.endsWith(' is ready')),
        )
          ? true
          : undefined;
      },
      'every buyer’s ready mail',
      30_000,
    );
    // This file's mails: the stack is shared with other files, whose mails are theirs to check.
    const mails = (await mailbox(e2e.stack)).filter((m) =>
      buyers.some((b) => m.destination.to.includes(b.email)),
    );

    expect(mails.length).toBeGreaterThanOrEqual(2 * buyers.length);
    for (const mail of mails) {
      const text = `${mail.subject}\n${mail.body.text ?? ''}\n${mail.body.html ?? ''}`;
      expect(text, mail.subject).not.toMatch(/\bpass(?:word|wd|phrase)?\b\s*(?:is|:|=)\s*\S/i);
      expect(text, mail.subject).not.toMatch(/temporary password/i);
      for (const buyer of buyers) expect(text, mail.subject).not.toContain(buyer.password);
    }
  });
});
