/**
 * Renewing in a real browser (Debian's Chromium): a buyer whose Basic Hosting expired over 7 days
 * ago (its one period moved back a year and 8 days on its ledger, D22) and was suspended by the
 * renewal job (run through the local trigger now) sees
 * "Suspended" with Renew as the one action on its card, renews from the dashboard through
 * checkout in renewal mode ("Renewal of Basic Hosting (renews on … → …)", the renewal price, no
 * promo box), pays, and finds the card back to its new renewal date with the account unsuspended
 * on the WHM stand-in.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DashboardResponse } from '../../lambdas/domain/api';
import { renewalScheduleFor } from '../../lambdas/domain/renewal-schedule';
import { addMonths } from '../../lambdas/domain/services';
import type { ServiceRecord } from '../../lambdas/ports/services';
import { HOME_REGION, localTableName } from '../../lambdas/system/facts';
import { STEP_TIMEOUT_MS, visible } from '../helpers/browser';
import { indianDate, logIn, payInSheet, pressPayNow, useE2e } from '../helpers/e2e';
import {
  api,
  eventually,
  newUser,
  payOrder,
  signIn,
  signUp,
  type TestUser,
} from '../helpers/storefront-client';

// Its own stack: the renewal job it runs acts on every service in the store.
const e2e = useE2e('renewals', { ownStack: true });

let client: DynamoDBDocumentClient | undefined;
afterAll(() => client?.destroy());
const dynamo = () =>
  (client ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: HOME_REGION,
      endpoint: `http://127.0.0.1:${e2e.stack.ports.dynamodb}`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  ));

/**
 * Moves the service's one paid period back so that it expired `daysAgo` days ago, as if bought
 * a year and that many days before now: its ledger, its renewal date and its renewal schedule
 * (the stack's clock cannot be moved; the service's life follows its ledger, D22).
 */
async function expireDaysAgo(token: string, serviceId: string, daysAgo: number): Promise<string> {
  const userId = (
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub: string;
    }
  ).sub;
  const TableName = localTableName('services');
  const { Item } = await dynamo().send(new GetCommand({ TableName, Key: { userId, serviceId } }));
  const service = Item as ServiceRecord;
  const [purchaseId] = Object.keys(service.periods);
  const renewal = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
  const bought = new Date(renewal);
  bought.setUTCFullYear(bought.getUTCFullYear() - 1);
  const renewalDate = addMonths(bought, 12).toISOString();
  const schedule = renewalScheduleFor(serviceId, renewalDate);
  await dynamo().send(
    new UpdateCommand({
      TableName,
      Key: { userId, serviceId },
      UpdateExpression:
        'SET periods.#p.purchaseDate = :bought, periods.#p.startDate = :bought, periods.#p.renewalDate = :renewal, renewalDate = :renewal, nextDueAt = :due, dueShard = :shard, version = version + :one',
      ExpressionAttributeNames: { '#p': purchaseId ?? '' },
      ExpressionAttributeValues: {
        ':bought': bought.toISOString(),
        ':renewal': renewalDate,
        ':due': schedule.nextDueAt,
        ':shard': schedule.dueShard,
        ':one': 1,
      },
    }),
  );
  return renewalDate;
}

async function dashboard(token: string): Promise<DashboardResponse> {
  const res = await api<DashboardResponse>(e2e.stack, 'GET', '/api/me/dashboard', { token });
  expect(res.status).toBe(200);
  return res.body;
}

async function panelState(username: string | undefined): Promise<string | undefined> {
  const res = await fetch(`${e2e.stack.whmUrl}/_whm/accounts`);
  const { accounts } = (await res.json()) as { accounts: { user: string; state: string }[] };
  return accounts.find((a) => a.user === username)?.state;
}

/** A buyer who bought Basic Hosting for a year through the API, delivered on the panel. */
async function hostingBuyer(): Promise<{ user: TestUser; token: string }> {
  const user = newUser('e2e-renew');
  await signUp(e2e.stack, user);
  const token = await signIn(e2e.stack, user);
  const order = await api<{ orderId: string }>(e2e.stack, 'POST', '/api/checkout/orders', {
    token,
    body: { planId: 'basichosting', months: 12 },
  });
  expect(order.status).toBe(201);
  await payOrder(e2e.stack, order.body.orderId, 'success');
  await eventually(async () => {
    const [service] = (await dashboard(token)).services;
    return service?.provisioning.state === 'ready' ? service : undefined;
  }, 'the hosting account ready');
  return { user, token };
}

/** The renewal job at `time`, as its schedule would run it (CONTRACT: the local trigger). */
async function runJob(time: Date): Promise<void> {
  const res = await fetch(`${e2e.stack.baseUrl}/_local/jobs/renewal-reminders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ time: time.toISOString() }),
  });
  expect(res.status).toBe(200);
}

async function logInToDashboard(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await logIn(page, user);
  await page.waitForURL('**/dashboard', { timeout: 20_000 });
}

describe('renewing a suspended hosting service from the dashboard', () => {
  it('Renew → checkout in renewal mode → pay → the card shows the new renewal date, unsuspended', async () => {
    const { user, token } = await hostingBuyer();
    const [bought] = (await dashboard(token)).services;
    // Expired 8 days ago: the job, run now, sends the notice and suspends the account.
    const renewalDate = await expireDaysAgo(token, bought!.id, 8);
    await runJob(new Date());
    expect(await panelState(bought!.provisioning.username)).toBe('suspended');
    // Renewed after it lapsed: a year from the payment (D5), which is today.
    const renewedUntil = addMonths(new Date(), 12).toISOString();

    await e2e.journey('renewal', async ({ page }) => {
      await logInToDashboard(page, user);

      // The card: Suspended, why, and Renew as the one action
      await page.getByRole('tab', { name: 'Hosting' }).click();
      const card = page.getByTestId('service').filter({ hasText: 'Basic Hosting' });
      await visible(card);
      await visible(card.getByText('Suspended', { exact: true }));
      expect(await card.textContent()).toContain('nothing has been deleted');
      const actions = card.getByRole('link');
      expect(await actions.allTextContents()).toEqual(['Renew']);
      // Besides Renew, only a way to ask for help (a support ticket, D27).
      expect(await card.getByRole('button').allTextContents()).toEqual(['Get help']);

      // Renew → checkout for that service, in renewal mode
      await card.getByRole('link', { name: 'Renew Basic Hosting' }).click();
      await page.waitForURL('**/checkout?plan=basichosting&renew=1');
      const renewalOf = page.getByTestId('renewal-of');
      await expect
        .poll(() => renewalOf.textContent(), { timeout: STEP_TIMEOUT_MS })
        .toBe(
          `Renewal of Basic Hosting (expired on ${indianDate(renewalDate)}; renewed until ${indianDate(renewedUntil)})`,
        );
      // ₹2,999 × 12 = ₹35,988 + 18% GST = ₹42,465.84 (D14)
      await expect
        .poll(() => page.getByTestId('total').textContent(), { timeout: STEP_TIMEOUT_MS })
        .toBe('₹42,465.84');
      expect(await page.getByLabel('Promo code').count()).toBe(0);
      await visible(page.getByText('Promo codes apply to new purchases only.'));

      // Pay Now → the simulator's sheet for the renewal price → Pay
      const order = await pressPayNow(page);
      expect(order.amountPaise).toBe(4_246_584);
      await payInSheet(page, 'Pay ₹42,465.84');

      // The dashboard: the new renewal date; the account unsuspended by the renewal's delivery
      await page.waitForURL('**/dashboard', { timeout: 20_000 });
      await eventually(
        async () =>
          (await panelState(bought!.provisioning.username)) === 'active' ? true : undefined,
        'the account unsuspended on the panel',
      );
      await page.reload();
      await page.getByRole('tab', { name: 'Hosting' }).click();
      const renewed = page.getByTestId('service').filter({ hasText: 'Basic Hosting' });
      await visible(renewed.getByText(indianDate(renewedUntil), { exact: true }));
      expect(await renewed.getByText('Suspended', { exact: true }).count()).toBe(0);
      await visible(renewed.getByRole('link', { name: 'Renew Basic Hosting' }));
      const [after] = (await dashboard(token)).services;
      expect(after).toMatchObject({ state: 'active', provisioning: { state: 'ready' } });
      expect(indianDate(after!.renewalDate)).toBe(indianDate(renewedUntil));
    });
  });
});
