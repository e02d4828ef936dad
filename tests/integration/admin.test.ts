/**
 * The operator's console API on the local stack, from outside: a payment whose amount differs from
 * the stored order lands in review; an operator (added to the group as `npm run operator -- add`
 * does) lists it with why, and resolves it by fulfilling (one service, one welcome mail) or by
 * refunding (one refund at the Razorpay simulator); a buyer gets 403 on every admin route.
 *
 * The simulator pays exactly a Razorpay order's amount, so the mismatch is arranged the other way
 * round: the stored order's amount is changed in DynamoDB before paying (a test arrangement only).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../infra/lib/definitions/functions';
import type {
  AdminOrder,
  AdminOrdersResponse,
  AdminCustomerResponse,
  AdminCustomersResponse,
  AdminProvisioningResponse,
  ResolveReviewResponse,
} from '../../lambdas/domain/admin';
import { reviewRefundReceipt } from '../../lambdas/domain/admin';
import type { DashboardResponse } from '../../lambdas/domain/api';
import { HOME_REGION, localTableName } from '../../lambdas/system/facts';
import { newOperator } from '../helpers/operators';
import type { LocalStack } from '../helpers/local-stack';
import { sharedStack } from '../helpers/shared-stack';
import {
  api,
  deliveries,
  eventually,
  mailbox,
  newUser,
  payOrder,
  placeOrder,
  razorpayGet,
  signIn,
  signUp,
  type TestUser,
} from '../helpers/storefront-client';

let stack: LocalStack;
let dynamo: DynamoDBDocumentClient;
let operatorToken: string;

beforeAll(async () => {
  stack = sharedStack();
  dynamo = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: HOME_REGION,
      endpoint: `http://127.0.0.1:${stack.ports.dynamodb}`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const operator = await newOperator(stack);
  // The group is in the token from the next sign-in on.
  operatorToken = await signIn(stack, operator);
});

afterAll(async () => {
  dynamo?.destroy();
});

async function buyer(prefix: string): Promise<{ user: TestUser; token: string }> {
  const user = newUser(prefix);
  await signUp(stack, user);
  return { user, token: await signIn(stack, user) };
}

/** An order whose stored amount is ₹100 less than what Razorpay will be paid, paid. */
async function paidWithWrongAmount(token: string) {
  const order = await placeOrder(stack, token, { planId: 'basichosting', months: 12 });
  const { orderId, amountPaise } = order.body;
  await dynamo.send(
    new UpdateCommand({
      TableName: localTableName('orders'),
      Key: { orderId },
      UpdateExpression: 'SET amountPaise = :less',
      ExpressionAttributeValues: { ':less': amountPaise - 10_000 },
    }),
  );
  const paid = await payOrder(stack, orderId);
  expect(paid.status).toBe(200);
  const verify = await api(stack, 'POST', '/api/checkout/verify', { token, body: paid.body });
  expect(verify.status).toBe(409);
  expect(verify.body).toMatchObject({ error: { code: 'payment_under_review' } });
  return { orderId, paidPaise: amountPaise, paymentId: paid.body.razorpay_payment_id };
}

async function inReview(orderId: string): Promise<AdminOrder> {
  return eventually(async () => {
    const res = await api<AdminOrdersResponse>(stack, 'GET', '/api/admin/orders?status=review', {
      token: operatorToken,
    });
    expect(res.status).toBe(200);
    return res.body.orders.find((o) => o.orderId === orderId);
  }, `order ${orderId} in review`);
}

describe('the operator console on the local stack', () => {
  it('answers a buyer 403 on every admin route, and an operator 200 on the lists', async () => {
    const { token } = await buyer('nosy');
    const adminRoutes = ROUTES.filter((route) => route.function === 'admin');

    for (const route of adminRoutes) {
      const path = route.path.replace('{orderId}', 'order_Nope0000000001');
      const res = await api(stack, route.method, path, {
        token,
        ...(route.method === 'POST' ? { body: { action: 'fulfil', note: 'x', id: 'x' } } : {}),
      });
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect(res.body).toMatchObject({ error: { code: 'forbidden' } });
    }
    for (const path of ['/api/admin/orders', '/api/admin/dead-letters', '/api/admin/today']) {
      expect((await api(stack, 'GET', path, { token: operatorToken })).status, path).toBe(200);
    }
  });

  it('an amount-mismatch payment lands in review; fulfilling it makes one service and one welcome mail', async () => {
    const { user, token } = await buyer('review-fulfil');
    const { orderId, paidPaise, paymentId } = await paidWithWrongAmount(token);

    const listed = await inReview(orderId);
    expect(listed.review).toMatchObject({
      paymentId,
      expectedPaise: paidPaise - 10_000,
      paidPaise,
      gatewayStatus: 'captured',
    });

    const resolve = () =>
      api<ResolveReviewResponse>(stack, 'POST', `/api/admin/orders/${orderId}/resolve`, {
        token: operatorToken,
        body: { action: 'fulfil', note: 'Paid ₹100 more; keeping it, agreed with the buyer.' },
      });
    const first = await resolve();
    const again = await resolve();

    expect(first.status).toBe(200);
    expect(first.body.order).toMatchObject({
      status: 'paid',
      audit: [{ action: 'order.fulfilled', note: expect.stringContaining('agreed') }],
    });
    expect(again.status).toBe(409);
    const dashboard = await api<{ services: { planId: string }[] }>(
      stack,
      'GET',
      '/api/me/dashboard',
      { token },
    );
    expect(dashboard.body.services.map((s) => s.planId)).toEqual(['basichosting']);
    // The welcome mail (the hosting account's own "is ready" mail follows from provisioning).
    const welcomeMails = async () =>
      (await mailbox(stack, user.email)).filter(
        (m) => m.subject === 'Your Basic Hosting is paid — we are setting it up',
      );
    await eventually(
      async () => ((await welcomeMails()).length > 0 ? true : undefined),
      'the welcome mail',
    );
    // Nothing more on its way: the order's webhooks delivered, the bus without a pending delivery.
    await eventually(
      async () => {
        const webhooks = await deliveries(stack, orderId);
        const bus = readdirSync(join(stack.dataDir, 'eventbus', 'pending'));
        return webhooks.length > 0 && webhooks.every((d) => d.status !== 'pending') && !bus.length
          ? true
          : undefined;
      },
      'the webhooks and the bus settled',
      60_000,
    );
    expect(await welcomeMails()).toHaveLength(1);

    const customers = await api<AdminCustomersResponse>(
      stack,
      'GET',
      `/api/admin/customers?email=${encodeURIComponent(user.email)}`,
      { token: operatorToken },
    );
    expect(customers.status).toBe(200);
    expect(customers.body.customers[0]).toMatchObject({
      user: { email: user.email },
      audit: [{ action: 'order.fulfilled' }],
    });
  });

  it("logs the welcome mail in the buyer's mail log; a resend under a double click mails it once more, audited", async () => {
    const { user, token } = await buyer('mail-log');
    const order = await placeOrder(stack, token, { planId: 'basichosting', months: 12 });
    const paid = await payOrder(stack, order.body.orderId);
    const verify = await api(stack, 'POST', '/api/checkout/verify', { token, body: paid.body });
    expect(verify.status).toBe(200);
    const welcomeMails = async () =>
      (await mailbox(stack, user.email)).filter(
        (m) => m.subject === 'Your Basic Hosting is paid — we are setting it up',
      );
    const found = await api<AdminCustomersResponse>(
      stack,
      'GET',
      `/api/admin/customers?email=${encodeURIComponent(user.email)}`,
      { token: operatorToken },
    );
    const userId = found.body.customers[0]!.user.id;
    const customerPage = () =>
      api<AdminCustomerResponse>(stack, 'GET', `/api/admin/customers/${userId}`, {
        token: operatorToken,
      });
    // Logged by the welcome mail's Lambda as it sent it, through the one mailer every sender uses.
    const logged = await eventually(async () => {
      const page = await customerPage();
      return page.body.customer.mails.find((m) => m.kind === 'welcome');
    }, 'the welcome mail in the mail log');
    expect(logged).toMatchObject({
      subject: 'Your Basic Hosting is paid — we are setting it up',
      to: user.email,
      status: 'sent',
    });
    expect(logged).not.toHaveProperty('body');
    expect(await welcomeMails()).toHaveLength(1);

    const note = 'Buyer says it never arrived; checked the address on the phone.';
    const resend = () =>
      api<{ resent: boolean }>(stack, 'POST', `/api/admin/customers/${userId}/mails/resend`, {
        token: operatorToken,
        body: { mailId: logged.mailId, resendId: `resend-${logged.mailId.slice(-12)}`, note },
      });
    const answers = await Promise.all([resend(), resend()]);

    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.resent).sort()).toEqual([false, true]);
    const mails = await welcomeMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.body.text).toBe(mails[0]!.body.text);
    const page = (await customerPage()).body.customer;
    expect(page.audit.filter((e) => e.action === 'mail.resent')).toEqual([
      expect.objectContaining({ note, target: { kind: 'mail', id: logged.mailId } }),
    ]);
    expect(page.mails.filter((m) => m.resendOf === logged.mailId)).toHaveLength(1);

    // View as customer: the dashboard the buyer's own route answers, audited.
    const own = await api<DashboardResponse>(stack, 'GET', '/api/me/dashboard', { token });
    const viewed = await api<DashboardResponse>(
      stack,
      'GET',
      `/api/admin/customers/${userId}/dashboard`,
      { token: operatorToken },
    );
    expect(viewed.status).toBe(200);
    expect(viewed.body).toEqual(own.body);
    expect((await customerPage()).body.customer.audit.map((e) => e.action)).toContain(
      'customer.viewed',
    );
  });

  it('refunding an order in review makes one refund at Razorpay, and no service', async () => {
    const { token } = await buyer('review-refund');
    const { orderId, paidPaise, paymentId } = await paidWithWrongAmount(token);
    await inReview(orderId);

    const resolve = () =>
      api<ResolveReviewResponse>(stack, 'POST', `/api/admin/orders/${orderId}/resolve`, {
        token: operatorToken,
        body: { action: 'refund', note: 'Wrong amount; the buyer pays again.' },
      });
    const first = await resolve();
    const again = await resolve();

    expect(first.status).toBe(200);
    expect(first.body.order.status).toBe('refunded');
    expect(again.status).toBe(409);
    const refunds = await razorpayGet(stack, `/v1/payments/${paymentId}/refunds`);
    expect(refunds.body).toMatchObject({
      count: 1,
      items: [{ amount: paidPaise, receipt: reviewRefundReceipt(orderId) }],
    });
    const dashboard = await api<{ services: unknown[] }>(stack, 'GET', '/api/me/dashboard', {
      token,
    });
    expect(dashboard.body.services).toEqual([]);
  });

  // Every product is made by its provider now (D23, D24): nothing waits in the operator's hand
  // set-up queue, which is left for a part whose provider is not wired (the unit specs drive it).
  it('storage is made by converge, never waits for an operator, and the console says it is ready', async () => {
    const { user, token } = await buyer('storage');
    const order = await api<{ orderId: string }>(stack, 'POST', '/api/checkout/orders', {
      token,
      body: { planId: 'basicstorage', months: 12 },
    });
    const paid = await payOrder(stack, order.body.orderId);
    expect(
      (await api(stack, 'POST', '/api/checkout/verify', { token, body: paid.body })).status,
    ).toBe(200);

    const ready = await eventually(async () => {
      const board = await api<{ services: { id: string; provisioning: { state: string } }[] }>(
        stack,
        'GET',
        '/api/me/dashboard',
        { token },
      );
      const service = board.body.services[0];
      return service?.provisioning.state === 'ready' ? service : undefined;
    }, 'the storage made');
    const manual = await api<AdminProvisioningResponse>(
      stack,
      'GET',
      '/api/admin/provisioning?state=manual',
      { token: operatorToken },
    );
    const marked = await api(stack, 'POST', `/api/admin/services/${ready.id}/provisioning`, {
      token: operatorToken,
      body: { details: { Endpoint: 'https://203.0.113.25' }, note: 'By hand.' },
    });

    expect(manual.body.services.find((s) => s.email === user.email)).toBeUndefined();
    expect(marked.status).toBe(409);
    expect(marked.body).toMatchObject({ error: { code: 'service_not_waiting' } });
  });

  it('refuses a resolution without a note with 400', async () => {
    const res = await api(stack, 'POST', '/api/admin/orders/order_Nope0000000001/resolve', {
      token: operatorToken,
      body: { action: 'fulfil' },
    });

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'validation_failed' } });
  });
});
