/**
 * Duplicates at once: 50 concurrent deliveries of one webhook event (one X-Razorpay-Event-Id, the
 * same signed bytes), and 50 concurrent deliveries of one payment under new event ids
 * (payment.captured and order.paid mixed), each with the browser's verify call racing them. The
 * simulator's own webhooks go to a closed port here, so these are the only deliveries and the
 * fulfilment of a fresh payment really is raced. Each case gives one purchase and one mail.
 *
 * Locally every Lambda shares one process, so a burst of 50 can outlast the webhook function's 4 s
 * timeout on a busy machine (in AWS each invocation has its own). A timed-out delivery gets a 500,
 * and Razorpay retries any non-2xx answer; so does this test, and it checks that every 5xx of the
 * burst was such a timeout and not a failure of the handler.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type LocalStack } from '../../helpers/local-stack';
import {
  api,
  eventually,
  mailbox,
  newUser,
  payOrder,
  postWebhook,
  razorpayGet,
  signIn,
  signUp,
  webhookSignature,
  type RazorpayCheckoutResult,
  type TestUser,
} from '../../helpers/storefront-client';
import {
  busDrained,
  deadLetters,
  dynamo,
  mapWithConcurrency,
  scanAll,
  startFaultStack,
} from '../../helpers/faults/fault-stack';
import { localTableName, WELCOME_MAIL_LEASE_SECONDS } from '../../../lambdas/system/facts';

interface DashboardBody {
  user: { currentPlan: string | null; expiry: string | null };
  services: { id: string; planId: string; renewalDate: string }[];
  payments: { paymentId: string }[];
}

interface Paid {
  user: TestUser;
  userSub: string;
  token: string;
  orderId: string;
  checkout: RazorpayCheckoutResult;
}

const DUPLICATES = 50;
const VERIFY_CALLS = 8;

let stack: LocalStack;

beforeAll(async () => {
  const nowhere = `http://127.0.0.1:${await freePort()}/api/webhooks/razorpay`;
  // The welcome mail's lease as in AWS (60 s, longer than the Lambda's timeout): nothing crashes
  // here, and the local 5 s, short so that a crashed attempt's mail is retried soon, lets a live
  // attempt slowed past it by fifty deliveries on a busy machine be overtaken and mailed twice.
  stack = await startFaultStack({
    faults: [],
    env: {
      RAZORPAY_WEBHOOK_URL: nowhere,
      WELCOME_MAIL_LEASE_SECONDS: String(WELCOME_MAIL_LEASE_SECONDS.aws),
    },
  });
});

afterAll(async () => {
  await stack?.dispose();
});

const SAMPLE_BILLING = {
  name: 'Asha Verma',
  line1: '14, 2nd Cross, Jayanagar 4th Block',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560011',
};

async function paidOrder(prefix: string, planId: string, months: number): Promise<Paid> {
  const user = newUser(prefix);
  const { userSub } = await signUp(stack, user);
  const token = await signIn(stack, user);
  const order = await api<{ orderId: string }>(stack, 'POST', '/api/checkout/orders', {
    token,
    // Over ₹50,000 of taxable value the tax invoice must name the buyer's address (D15).
    body: { planId, months, billing: SAMPLE_BILLING },
  });
  expect(order.status).toBe(201);
  const paid = await payOrder(stack, order.body.orderId, 'success');
  expect(paid.status).toBe(200);
  return { user, userSub, token, orderId: order.body.orderId, checkout: paid.body };
}

/** A webhook body in Razorpay's shape, from the simulator's own payment and order. */
async function webhookBody(
  event: 'payment.captured' | 'order.paid',
  paid: Paid,
  createdAt: number,
): Promise<string> {
  const payment = await razorpayGet(stack, `/v1/payments/${paid.checkout.razorpay_payment_id}`);
  const order = await razorpayGet(stack, `/v1/orders/${paid.orderId}`);
  expect(payment.status).toBe(200);
  expect(order.status).toBe(200);
  const payload: Record<string, { entity: unknown }> = { payment: { entity: payment.body } };
  if (event === 'order.paid') payload.order = { entity: order.body };
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_faulttests0001',
    event,
    contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
    payload,
    created_at: createdAt,
  });
}

interface SignedDelivery {
  body: string;
  signature: string;
  id: string;
}

type WebhookAnswer = Awaited<ReturnType<typeof postWebhook>>;

const TIMEOUT_LINE = /\[lambda razorpayWebhook\] \S+ failed: FunctionTimeoutError/g;

function webhookTimeouts(): number {
  return stack.output().match(TIMEOUT_LINE)?.length ?? 0;
}

/** Razorpay's part: a delivery answered with anything but 2xx is sent again (a few times, 4 at once). */
async function retriedLikeRazorpay(
  sent: SignedDelivery[],
  answers: WebhookAnswer[],
): Promise<WebhookAnswer[]> {
  return mapWithConcurrency(answers, 4, async (answer, i) => {
    const delivery = sent[i]!;
    for (let retry = 0; answer.status !== 200 && retry < 5; retry++) {
      answer = await postWebhook(stack, delivery.body, delivery.signature, delivery.id);
    }
    return answer;
  });
}

/** Sends every delivery at once with the verify calls; answers once Razorpay's retries are done. */
async function burst(paid: Paid, sent: SignedDelivery[]) {
  const timeoutsBefore = webhookTimeouts();
  const [first, verifies] = await Promise.all([
    Promise.all(sent.map((d) => postWebhook(stack, d.body, d.signature, d.id))),
    Promise.all(verifyCalls(paid)),
  ]);
  // Every answer of the burst is a 200, or a 500 for a delivery that timed out (and nothing else)
  const failed = first.filter((a) => a.status !== 200);
  expect(failed.every((a) => a.status === 500)).toBe(true);
  // (the stack prints the timeout before it answers, but its output may reach us a little later)
  await eventually(
    async () => (webhookTimeouts() - timeoutsBefore === failed.length ? true : undefined),
    `${failed.length} webhook timeout(s) in the stack's output`,
    5000,
  );
  const final = await retriedLikeRazorpay(sent, first);
  expect(final.map((a) => a.status)).toEqual(Array(sent.length).fill(200));
  expect(verifies.map((v) => v.status)).toEqual(Array(VERIFY_CALLS).fill(200));
  return {
    outcomes: final.map((a) => (a.body as { outcome: string }).outcome),
    purchaseIds: verifies.map((v) => v.body.purchase.id),
  };
}

function eventId(): string {
  return randomBytes(7).toString('hex');
}

function verifyCalls(paid: Paid) {
  return Array.from({ length: VERIFY_CALLS }, () =>
    api<{ purchase: { id: string } }>(stack, 'POST', '/api/checkout/verify', {
      token: paid.token,
      body: paid.checkout,
    }),
  );
}

/** After every request has been answered and the bus has drained, nothing more can be written or sent. */
async function assertOnePurchaseAndOneMail(paid: Paid, planId: string, purchaseIds: string[]) {
  await busDrained(stack);
  expect(deadLetters(stack)).toEqual([]);

  const board = await api<DashboardBody>(stack, 'GET', '/api/me/dashboard', { token: paid.token });
  expect(board.status).toBe(200);
  expect(board.body.services).toHaveLength(1);
  const service = board.body.services[0]!;
  expect(service.planId).toBe(planId);
  expect(new Set(purchaseIds)).toEqual(new Set([service.id]));
  expect(board.body.payments.map((p) => p.paymentId)).toEqual([paid.checkout.razorpay_payment_id]);
  expect(board.body.user).toMatchObject({ currentPlan: planId, expiry: service.renewalDate });

  const db = dynamo(stack);
  const purchases = (await scanAll(db, localTableName('purchases'))).filter(
    (p) => p.userId === paid.userSub,
  );
  const users = (await scanAll(db, localTableName('users'))).filter(
    (u) => u.userId === paid.userSub,
  );
  db.destroy();
  expect(purchases).toHaveLength(1);
  expect(users).toHaveLength(1);
  expect([...((users[0]?.appliedPurchaseIds as Set<string> | undefined) ?? [])]).toEqual([
    purchases[0]?.purchaseId,
  ]);
  // The purchase is the one period of the one service the dashboard shows.
  expect(purchases[0]?.serviceId).toBe(service.id);

  // One welcome mail (the hosting account's ready mail is the provisioning's, counted there).
  const mails = (await mailbox(stack, paid.user.email)).filter((m) =>
    m.subject.endsWith(' is paid — we are setting it up'),
  );
  expect(mails).toHaveLength(1);
}

describe('50 concurrent deliveries of one webhook event', () => {
  it('record one purchase and send one mail, with verify calls racing them', async () => {
    // Arrange: a fresh payment that nothing has fulfilled yet, and one signed event
    const paid = await paidOrder('sameevent', 'premiumhosting', 24);
    const body = await webhookBody('payment.captured', paid, Math.floor(Date.now() / 1000));
    const signature = webhookSignature(body);
    const id = eventId();
    const sent = Array.from({ length: DUPLICATES }, () => ({ body, signature, id }));

    // Act: the same delivery 50 times at once, and the verify calls
    const { outcomes, purchaseIds } = await burst(paid, sent);

    // Assert: one purchase, one mail
    expect(outcomes.every((o) => o === 'fulfilled' || o === 'duplicate')).toBe(true);
    await assertOnePurchaseAndOneMail(paid, 'premiumhosting', purchaseIds);
  });
});

describe('50 concurrent deliveries of one payment under new event ids', () => {
  it('record one purchase and send one mail, payment.captured and order.paid mixed, verify racing', async () => {
    // Arrange: a fresh payment and 50 signed events about it, each with its own event id
    const paid = await paidOrder('newevents', 'standardbundle', 36);
    const createdAt = Math.floor(Date.now() / 1000);
    const captured = await webhookBody('payment.captured', paid, createdAt);
    const orderPaid = await webhookBody('order.paid', paid, createdAt);
    const deliveries = Array.from({ length: DUPLICATES }, (_, i) => {
      const body = i % 2 === 0 ? captured : orderPaid;
      return { body, signature: webhookSignature(body), id: eventId() };
    });
    expect(new Set(deliveries.map((d) => d.id)).size).toBe(DUPLICATES);

    // Act
    const { outcomes, purchaseIds } = await burst(paid, deliveries);

    // Assert: each handled as a fulfilment (a retry of one that timed out finds its event done); one purchase, one mail
    expect(outcomes.every((o) => o === 'fulfilled' || o === 'duplicate')).toBe(true);
    await assertOnePurchaseAndOneMail(paid, 'standardbundle', purchaseIds);
  });
});
