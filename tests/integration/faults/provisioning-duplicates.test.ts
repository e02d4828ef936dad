/**
 * The same PurchaseCompleted ten times at once (as verify, the webhook and the reconciler may each
 * publish it, and EventBridge delivers at least once): the provisioning consumer creates one
 * account on WHM, marks the service ready once and mails the buyer once.
 *
 * The stack runs with `hold-purchase-events`, so fulfilment's own PurchaseCompleted never leaves
 * (nothing is provisioned before the test acts); the test then puts the event fulfilment would have
 * published (purchaseCompletedDetail of the stored purchase) on the local bus ten times at once.
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { whmUsernameFor } from '../../../lambdas/domain/provisioning';
import type { PurchaseRecord } from '../../../lambdas/ports/purchases';
import { EVENT_BUS_NAME, SOURCE_OF, localTableName } from '../../../lambdas/system/facts';
import { purchaseCompletedDetail } from '../../../lambdas/use-cases/fulfil-payment';
import {
  dynamo,
  outputShows,
  pendingBusDeliveries,
  scanAll,
  startFaultStack,
} from '../../helpers/faults/fault-stack';
import type { LocalStack } from '../../helpers/local-stack';
import {
  api,
  eventually,
  mailbox,
  newUser,
  payOrder,
  placeOrder,
  signIn,
  signUp,
} from '../../helpers/storefront-client';

const COPIES = 10;

let stack: LocalStack;

beforeAll(async () => {
  stack = await startFaultStack({ faults: ['hold-purchase-events'] });
});

afterAll(async () => {
  await stack?.dispose();
});

interface WhmAccount {
  user: string;
  domain: string;
  plan: string;
}

async function whmAccounts(): Promise<WhmAccount[]> {
  const res = await fetch(`${stack.whmUrl}/_whm/accounts`);
  return ((await res.json()) as { accounts: WhmAccount[] }).accounts;
}

it(`${COPIES} deliveries of one PurchaseCompleted at once: one WHM account, one ready mail`, async () => {
  const user = newUser('duplicates');
  await signUp(stack, user);
  const token = await signIn(stack, user);
  const domain = `dup-${Date.now().toString(36)}.in`;
  const order = await placeOrder(stack, token, { planId: 'basichosting', months: 12, domain });
  expect((await payOrder(stack, order.body.orderId)).status).toBe(200);
  await outputShows(stack, '[fault] PutEvents PurchaseCompleted held');
  const client = dynamo(stack);
  const purchase = await eventually(
    async () =>
      (await scanAll(client, localTableName('purchases'))).find(
        (item) => item.orderId === order.body.orderId,
      ) as PurchaseRecord | undefined,
    'the purchase fulfilment recorded',
  );
  const detail = purchaseCompletedDetail(purchase);
  expect(detail.serviceId).toBeDefined();
  expect(await whmAccounts()).toEqual([]);

  const bus = new EventBridgeClient({
    endpoint: `${stack.baseUrl}/_local/events`,
    region: 'ap-south-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const answers = await Promise.all(
    Array.from({ length: COPIES }, () =>
      bus.send(
        new PutEventsCommand({
          Entries: [
            {
              Source: SOURCE_OF.PurchaseCompleted,
              DetailType: 'PurchaseCompleted',
              Detail: JSON.stringify(detail),
              EventBusName: EVENT_BUS_NAME,
            },
          ],
        }),
      ),
    ),
  );
  bus.destroy();
  expect(answers.every((answer) => answer.FailedEntryCount === 0)).toBe(true);

  // Every copy delivered to provisioning, none left to retry.
  await eventually(
    async () =>
      pendingBusDeliveries(stack).some(
        (d) => d.target === 'provisionService' && d.event.detail.purchaseId === detail.purchaseId,
      )
        ? undefined
        : true,
    'the provisioning deliveries to finish',
    60_000,
  );
  const accounts = (await whmAccounts()).filter((a) => a.domain === domain);
  const dashboard = await api<{ services: { id: string; provisioning: { state: string } }[] }>(
    stack,
    'GET',
    '/api/me/dashboard',
    { token },
  );
  const ready = await eventually(async () => {
    const mails = (await mailbox(stack, user.email)).filter((m) => m.subject.includes('is ready'));
    return mails.length > 0 ? mails : undefined;
  }, 'the ready mail');

  expect(accounts).toEqual([
    expect.objectContaining({
      user: whmUsernameFor(detail.serviceId ?? '', domain),
      plan: 'storefront_basic',
    }),
  ]);
  expect(dashboard.body.services).toEqual([
    expect.objectContaining({
      id: detail.serviceId,
      provisioning: expect.objectContaining({ state: 'ready' }),
    }),
  ]);
  expect(ready).toHaveLength(1);
  client.destroy();
});
