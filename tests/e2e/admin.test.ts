/**
 * The operator's console in a real browser (Debian's Chromium) on the local stack with the built
 * web: a payment whose amount differed from its order appears under /admin's Orders, in review,
 * with what was paid, and an operator resolves it with a note; a buyer who opens /admin is told
 * it is for operators only and never downloads the console's code. Every page runs under the
 * site's CSP and must report no violation.
 *
 * The simulator pays exactly a Razorpay order's amount, so the mismatch is arranged by changing
 * the stored order's amount in DynamoDB before paying (a test arrangement only).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInr } from '../../lambdas/domain/money';
import { HOME_REGION, localTableName } from '../../lambdas/system/facts';
import { newOperator } from '../helpers/operators';
import { visible } from '../helpers/browser';
import { logIn, useE2e } from '../helpers/e2e';
import {
  api,
  eventually,
  newUser,
  payOrder,
  signIn,
  signUp,
  type TestUser,
} from '../helpers/storefront-client';

const OPERATORS_ONLY = "This part of the store is for the store's operators only.";

const e2e = useE2e('admin');
let dynamo: DynamoDBDocumentClient;

beforeAll(() => {
  dynamo = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: HOME_REGION,
      endpoint: `http://127.0.0.1:${e2e.stack.ports.dynamodb}`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
});

afterAll(() => dynamo?.destroy());

async function operator(): Promise<TestUser> {
  const user = await newOperator(e2e.stack, 'e2e-operator');
  return user;
}

/** A buyer's order, paid ₹100 more than the stored order asks: it waits in review. */
async function orderInReview(): Promise<{ orderId: string; paidPaise: number }> {
  const user = newUser('e2e-review');
  await signUp(e2e.stack, user);
  const token = await signIn(e2e.stack, user);
  const order = await api<{ orderId: string; amountPaise: number }>(
    e2e.stack,
    'POST',
    '/api/checkout/orders',
    { token, body: { planId: 'basichosting', months: 12 } },
  );
  expect(order.status).toBe(201);
  const { orderId, amountPaise } = order.body;
  await dynamo.send(
    new UpdateCommand({
      TableName: localTableName('orders'),
      Key: { orderId },
      UpdateExpression: 'SET amountPaise = :less',
      ExpressionAttributeValues: { ':less': amountPaise - 10_000 },
    }),
  );
  const paid = await payOrder(e2e.stack, orderId);
  const verify = await api(e2e.stack, 'POST', '/api/checkout/verify', { token, body: paid.body });
  expect(verify.status).toBe(409);
  return { orderId, paidPaise: amountPaise };
}

describe('the operator console in a browser', () => {
  it('an operator finds the order in review under /admin and resolves it with a note', async () => {
    const [admin, { orderId, paidPaise }] = await Promise.all([operator(), orderInReview()]);

    await e2e.journey('admin-resolve-review', async ({ page }) => {
      await page.goto('/admin/orders');
      await page.waitForURL('**/login?redirect=%2Fadmin%2Forders');
      await logIn(page, admin);
      await page.waitForURL('**/admin/orders', { timeout: 20_000 });
      await visible(page.getByRole('heading', { name: 'Operator console', level: 1 }), 20_000);

      const card = page.getByRole('article', { name: `Order ${orderId}` });
      await visible(card, 20_000);
      await visible(card.getByText(`${formatInr(paidPaise)} (captured)`));
      await visible(card.getByText(formatInr(paidPaise - 10_000)));

      await card.getByRole('button', { name: 'Resolve order' }).click();
      await visible(card.getByRole('alert').getByText(/Write a note/));
      await card
        .getByLabel('Note (required)')
        .fill('Paid ₹100 more; agreed with the buyer to keep it.');
      await card.getByRole('button', { name: 'Resolve order' }).click();

      await visible(page.getByText(`Order ${orderId} is paid now.`), 20_000);
      await page.getByLabel('Show orders that are').selectOption('paid');
      const paidCard = page.getByRole('article', { name: `Order ${orderId}` });
      await visible(paidCard.getByText('Fulfilled the order'), 20_000);
      await visible(paidCard.getByText(admin.email, { exact: false }));
    });

    const token = await signIn(e2e.stack, admin);
    const paidOrders = await eventually(async () => {
      const res = await api<{ orders: { orderId: string }[] }>(
        e2e.stack,
        'GET',
        '/api/admin/orders?status=paid',
        { token },
      );
      return res.body.orders.some((o) => o.orderId === orderId) ? res.body.orders : undefined;
    }, 'the order paid');
    expect(paidOrders.map((o) => o.orderId)).toContain(orderId);
  });

  it("tells a buyer /admin is for the store's operators only, without loading the console", async () => {
    const buyer = newUser('e2e-nosy');
    await signUp(e2e.stack, buyer);

    await e2e.journey('admin-buyer-refused', async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto('/login?redirect=%2Fadmin');
      await logIn(page, buyer);
      await page.waitForURL('**/admin', { timeout: 20_000 });
      await visible(page.getByRole('heading', { name: OPERATORS_ONLY }), 20_000);

      expect(scripts.filter((url) => /admin-page/.test(url))).toEqual([]);
    });
  });
});
