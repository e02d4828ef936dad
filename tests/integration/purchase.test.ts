/**
 * The purchase pipeline end to end against the local stack, from outside: Cognito sign-up and
 * sign-in, quote, order, payment through the Razorpay simulator, the webhook, the dashboard and the
 * welcome mail; the checkout callback racing the webhook; forged and duplicated webhooks.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../lambdas/domain/services';
import type { LocalStack } from '../helpers/local-stack';
import { sharedStack } from '../helpers/shared-stack';
import {
  api,
  deliveries,
  eventually,
  givenProfile,
  mailbox,
  newUser,
  payOrder,
  postWebhook,
  redeliver,
  signIn,
  signUp,
  webhookSignature,
  type Delivery,
  type RazorpayCheckoutResult,
  type TestUser,
} from '../helpers/storefront-client';

interface OrderAnswer {
  orderId: string;
  keyId: string;
  amountPaise: number;
  currency: string;
  quote: { planId: string; months: number; totalPaise: number };
  prefill: { name: string; email: string; contact: string };
}

interface ServiceBody {
  id: string;
  planId: string;
  name: string;
  category: string;
  months: number;
  purchaseDate: string;
  renewalDate: string;
  status: string;
  pricePaidPaise: number;
}

interface DashboardBody {
  user: { id: string; email: string; currentPlan: string | null; expiry: string | null };
  services: ServiceBody[];
  payments: { paymentId: string; orderId: string; amountPaise: number; status: string }[];
}

let stack: LocalStack;

beforeAll(async () => {
  stack = sharedStack();
});

async function signedInBuyer(prefix: string): Promise<{ user: TestUser; token: string }> {
  const user = newUser(prefix);
  const { confirmed } = await signUp(stack, user);
  expect(confirmed).toBe(true); // the PreSignUp trigger confirms at once
  return { user, token: await signIn(stack, user) };
}

async function createOrder(
  token: string,
  planId = 'basichosting',
  months = 12,
  domain?: string,
): Promise<OrderAnswer> {
  const res = await api<OrderAnswer>(stack, 'POST', '/api/checkout/orders', {
    token,
    body: { planId, months, ...(domain ? { domain } : {}) },
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function allDelivered(orderId: string, count: number): Promise<Delivery[]> {
  return eventually(async () => {
    const list = await deliveries(stack, orderId);
    return list.length === count && list.every((d) => d.status === 'delivered') ? list : undefined;
  }, `${count} webhook(s) of ${orderId} delivered`);
}

async function dashboard(token: string): Promise<DashboardBody> {
  const res = await api<DashboardBody>(stack, 'GET', '/api/me/dashboard', { token });
  expect(res.status).toBe(200);
  return res.body;
}

/**
 * Nothing that could still send a mail is on its way: every webhook the simulator holds has ended
 * (its delivery log) and the bus has no delivery pending (a delivery's file goes once its target
 * ran, retries included, and a webhook's events are on disk before the webhook is answered).
 */
async function settled(): Promise<void> {
  await eventually(
    async () => {
      const webhooks = await deliveries(stack);
      const bus = readdirSync(join(stack.dataDir, 'eventbus', 'pending'));
      return webhooks.every((d) => d.status !== 'pending') && bus.length === 0 ? true : undefined;
    },
    'every webhook and bus delivery ended',
    60_000,
  );
}

/**
 * The welcome mails once the first has come and nothing more is on its way, so that a second one
 * would be seen too. A hosting buyer is also mailed the ready account's details ("… is ready"),
 * which is not counted.
 */
async function welcomeMails(email: string) {
  const welcome = async () =>
    (await mailbox(stack, email)).filter((m) =>
      m.subject.endsWith(' is paid — we are setting it up'),
    );
  await eventually(
    async () => ((await welcome()).length > 0 ? true : undefined),
    `a mail to ${email}`,
  );
  await settled();
  return welcome();
}

describe('the whole purchase', () => {
  it('signs up, pays for Basic Hosting for 12 months, and shows it active with one welcome mail', async () => {
    // Arrange: a buyer, signed in
    const { user, token } = await signedInBuyer('whole');

    // Act: quote, order, pay
    const quote = await api<{ totalPaise: number; planId: string; months: number }>(
      stack,
      'POST',
      '/api/checkout/quote',
      {
        body: { planId: 'basichosting', months: 12 },
      },
    );
    expect(quote.status).toBe(200);
    const order = await createOrder(token);
    expect(order).toMatchObject({
      keyId: 'rzp_test_local',
      currency: 'INR',
      amountPaise: quote.body.totalPaise,
    });
    expect(order.prefill.email).toBe(user.email);
    const paid = await payOrder(stack, order.orderId, 'success');
    expect(paid.status).toBe(200);

    // Assert: the webhooks were accepted, the dashboard shows the service, one welcome mail
    // payment.authorized, payment.captured and order.paid
    const sent = await allDelivered(order.orderId, 3);
    for (const d of sent) expect(d.attempts.at(-1)?.statusCode).toBe(200);

    const board = await eventually(async () => {
      const body = await dashboard(token);
      return body.services.length ? body : undefined;
    }, 'the purchase on the dashboard');
    expect(board.services).toHaveLength(1);
    const service = board.services[0]!;
    expect(service).toMatchObject({
      planId: 'basichosting',
      months: 12,
      status: 'active',
      pricePaidPaise: order.amountPaise,
    });
    expect(service.renewalDate.slice(0, 10)).toBe(
      addMonths(new Date(service.purchaseDate), 12).toISOString().slice(0, 10),
    );
    expect(new Date(service.renewalDate).getTime()).toBeGreaterThan(Date.now());
    expect(board.payments).toEqual([
      expect.objectContaining({
        paymentId: paid.body.razorpay_payment_id,
        orderId: order.orderId,
        amountPaise: order.amountPaise,
      }),
    ]);
    expect(board.user).toMatchObject({ email: user.email, currentPlan: 'basichosting' });

    const mails = await welcomeMails(user.email);
    expect(mails).toHaveLength(1);
  });
});

describe('the checkout callback racing the webhook', () => {
  it('records one purchase and sends one mail, whichever arrives first', async () => {
    const { user, token } = await signedInBuyer('race');
    const order = await createOrder(token, 'premiumvps', 1);
    const paid = await payOrder(stack, order.orderId, 'success');
    const checkout: RazorpayCheckoutResult = paid.body;

    // The webhooks are on their way as the browser's handler posts the verify call, twice.
    const [first, second] = await Promise.all([
      api<{ purchase: ServiceBody }>(stack, 'POST', '/api/checkout/verify', {
        token,
        body: checkout,
      }),
      api<{ purchase: ServiceBody }>(stack, 'POST', '/api/checkout/verify', {
        token,
        body: checkout,
      }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.purchase.id).toBe(second.body.purchase.id);
    expect(first.body.purchase).toMatchObject({
      planId: 'premiumvps',
      months: 1,
      status: 'active',
    });

    await allDelivered(order.orderId, 3);
    const board = await dashboard(token);
    expect(board.services.map((s) => s.id)).toEqual([first.body.purchase.id]);
    expect(await welcomeMails(user.email)).toHaveLength(1);
  });

  it('refuses a verify call whose signature is not Razorpay’s', async () => {
    const { token } = await signedInBuyer('badsig');
    const order = await createOrder(token);
    const paid = await payOrder(stack, order.orderId, 'success');
    const res = await api(stack, 'POST', '/api/checkout/verify', {
      token,
      body: { ...paid.body, razorpay_signature: 'f'.repeat(64) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'invalid_signature' } });
  });
});

describe('forged and duplicated webhooks', () => {
  function capturedEvent(order: OrderAnswer, amount: number, paymentId: string): string {
    return JSON.stringify({
      entity: 'event',
      account_id: 'acc_forger0000000',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: paymentId,
            entity: 'payment',
            amount,
            currency: 'INR',
            status: 'captured',
            order_id: order.orderId,
            method: 'card',
            captured: true,
            email: order.prefill.email,
            contact: '+919000090000',
            notes: [],
            created_at: Math.floor(Date.now() / 1000),
          },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
  }

  it('answers 400 to a webhook signed with another secret, or not signed, and activates nothing', async () => {
    const { token } = await signedInBuyer('forged');
    const order = await createOrder(token);
    const body = capturedEvent(order, order.amountPaise, 'pay_Forged00000001');

    const wrongSecret = await postWebhook(stack, body, webhookSignature(body, 'not_the_secret'));
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body).toMatchObject({ error: { code: 'invalid_signature' } });
    const unsigned = await postWebhook(stack, body, '');
    expect(unsigned.status).toBe(400);
    const tampered = await postWebhook(
      stack,
      body.replace(String(order.amountPaise), '100'),
      webhookSignature(body),
    );
    expect(tampered.status).toBe(400);

    expect((await dashboard(token)).services).toEqual([]);
  });

  it('activates nothing for a correctly signed webhook whose amount differs from the order', async () => {
    const { token } = await signedInBuyer('amount');
    const order = await createOrder(token);
    const body = capturedEvent(order, 100, 'pay_WrongAmount0001');
    const res = await postWebhook(stack, body, webhookSignature(body));
    // The webhook is answered once handled: the payment was read, and put under review.
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, outcome: 'review' });
    expect((await dashboard(token)).services).toEqual([]);
  });

  it('keeps one purchase and one mail when Razorpay sends the same events again', async () => {
    const { user, token } = await signedInBuyer('dup');
    // The registrant's address, so the name is registered and the bus settles at once (without
    // it, provisioning retries for ~25 s before giving up, and settled() waits for that).
    await givenProfile(stack, token);
    const order = await createOrder(token, 'basicdomain', 12, `dup${Date.now()}.com`);
    await payOrder(stack, order.orderId, 'success');
    const sent = await allDelivered(order.orderId, 3);
    await eventually(
      async () => ((await dashboard(token)).services.length ? true : undefined),
      'the purchase',
    );

    // Razorpay redelivers every event (same event ids), all at once.
    await Promise.all(sent.map((d) => redeliver(stack, d.id)));
    await eventually(async () => {
      const list = await deliveries(stack, order.orderId);
      return list.every((d) => d.status === 'delivered' && d.attempts.length >= 2)
        ? list
        : undefined;
    }, 'the redeliveries');
    for (const d of await deliveries(stack, order.orderId))
      expect(d.attempts.at(-1)?.statusCode).toBe(200);

    expect((await dashboard(token)).services).toHaveLength(1);
    expect(await welcomeMails(user.email)).toHaveLength(1);
  });
});
