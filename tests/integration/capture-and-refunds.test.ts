/**
 * Capture before fulfilment (docs/decisions.md D20) and Razorpay's refunds, against the local
 * stack and its Razorpay simulator. The simulator's webhooks reach the storefront through a relay
 * in this test, which can hold back payment.authorized (answering 503, as a storefront that is
 * down would), so that verify alone has to capture.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SECRETS, startLocalStack, type LocalStack } from '../helpers/local-stack';
import { freePort } from '../helpers/razorpay-simulator';
import {
  api,
  deliveries,
  eventually,
  newUser,
  payOrder,
  placeOrder,
  razorpayGet,
  signIn,
  signUp,
  type Delivery,
} from '../helpers/storefront-client';

let stack: LocalStack;
let relay: Server;
let holdAuthorized = false;

beforeAll(async () => {
  const relayPort = await freePort();
  relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const { event } = JSON.parse(body.toString('utf8')) as { event: string };
      if (!stack || (holdAuthorized && event === 'payment.authorized')) {
        res.writeHead(503).end();
        return;
      }
      fetch(`${stack.baseUrl}/api/webhooks/razorpay`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': String(req.headers['x-razorpay-signature']),
          'x-razorpay-event-id': String(req.headers['x-razorpay-event-id']),
        },
        body,
      })
        .then(async (answer) => res.writeHead(answer.status).end(await answer.text()))
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((done) => relay.listen(relayPort, '127.0.0.1', done));
  stack = await startLocalStack({
    env: { RAZORPAY_WEBHOOK_URL: `http://127.0.0.1:${relayPort}/api/webhooks/razorpay` },
  });
});

afterAll(async () => {
  await stack?.dispose();
  await new Promise<void>((done) => {
    relay?.close(() => done());
    relay?.closeAllConnections();
  });
});

const basicAuth = `Basic ${Buffer.from(`${LOCAL_SECRETS.keyId}:${LOCAL_SECRETS.keySecret}`).toString('base64')}`;

async function simulator(path: string, body: unknown) {
  const res = await fetch(`${stack.simulatorUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: basicAuth },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function paidOrder(prefix: string, autoCapture: boolean) {
  const user = newUser(prefix);
  await signUp(stack, user);
  const token = await signIn(stack, user);
  const order = await placeOrder(stack, token, { planId: 'basicvps', months: 1 });
  expect((await simulator('/_simulator/settings', { autoCapture })).status).toBe(200);
  const paid = await payOrder(stack, order.body.orderId, 'success');
  expect(paid.status).toBe(200);
  return { token, order: order.body, paid: paid.body, paymentId: paid.body.razorpay_payment_id };
}

async function services(token: string): Promise<{ planId: string; status: string }[]> {
  const res = await api<{ services: { planId: string; status: string }[] }>(
    stack,
    'GET',
    '/api/me/dashboard',
    { token },
  );
  return res.body.services;
}

/** Waits until the order's webhooks include `events` (repeats count), each answered 200. */
async function delivered(orderId: string, events: string[]): Promise<Delivery[]> {
  return eventually(
    async () => {
      const list = (await deliveries(stack, orderId)).filter((d) => events.includes(d.event));
      const done = list.filter(
        (d) => d.status === 'delivered' && d.attempts.at(-1)?.statusCode === 200,
      );
      const enough = events.every(
        (event) =>
          done.filter((d) => d.event === event).length >= events.filter((e) => e === event).length,
      );
      return enough && done.length === list.length ? list : undefined;
    },
    `${events.join(', ')} delivered for ${orderId}`,
  );
}

describe('capture before fulfilment (D20)', () => {
  it('verify captures a payment left authorized, then fulfils it', async () => {
    holdAuthorized = true;
    try {
      const { token, order, paid, paymentId } = await paidOrder('capture-verify', false);
      expect((await razorpayGet(stack, `/v1/payments/${paymentId}`)).body).toMatchObject({
        status: 'authorized',
        captured: false,
      });
      expect((await razorpayGet(stack, `/v1/orders/${order.orderId}`)).body.status).toBe(
        'attempted',
      );
      expect((await deliveries(stack, order.orderId)).map((d) => d.event)).toEqual([
        'payment.authorized',
      ]);

      const verify = await api<{ purchase: { planId: string; status: string } }>(
        stack,
        'POST',
        '/api/checkout/verify',
        { token, body: paid },
      );

      expect(verify.status).toBe(200);
      expect(verify.body.purchase).toMatchObject({ planId: 'basicvps', status: 'active' });
      expect((await razorpayGet(stack, `/v1/payments/${paymentId}`)).body).toMatchObject({
        status: 'captured',
        captured: true,
      });
      expect((await razorpayGet(stack, `/v1/orders/${order.orderId}`)).body).toMatchObject({
        status: 'paid',
        amount_paid: order.amountPaise,
      });
      await delivered(order.orderId, ['payment.captured', 'order.paid']);
      expect(await services(token)).toEqual([
        expect.objectContaining({ planId: 'basicvps', status: 'active' }),
      ]);
    } finally {
      holdAuthorized = false;
    }
  });

  it('the payment.authorized webhook captures a payment nobody verified, then fulfils it', async () => {
    const { token, order, paymentId } = await paidOrder('capture-webhook', false);

    await delivered(order.orderId, ['payment.authorized', 'payment.captured', 'order.paid']);

    expect((await razorpayGet(stack, `/v1/payments/${paymentId}`)).body.status).toBe('captured');
    expect(await services(token)).toEqual([
      expect.objectContaining({ planId: 'basicvps', status: 'active' }),
    ]);
  });
});

describe("the simulator's refunds, as Razorpay does them", () => {
  it('refund.created then refund.processed, or refund.failed, with the payment following', async () => {
    const { order, paymentId } = await paidOrder('refunds', true);
    await delivered(order.orderId, ['payment.authorized', 'payment.captured', 'order.paid']);
    const part = 10_000;

    const first = await simulator(`/v1/payments/${paymentId}/refund`, {
      amount: part,
      receipt: 'rfd_integration_1',
      notes: { reason: 'test' },
    });

    expect(first).toMatchObject({
      status: 200,
      body: {
        entity: 'refund',
        payment_id: paymentId,
        amount: part,
        currency: 'INR',
        status: 'pending',
        receipt: 'rfd_integration_1',
        notes: { reason: 'test' },
        speed_requested: 'normal',
      },
    });
    const refundId = String(first.body.id);
    expect((await razorpayGet(stack, `/v1/payments/${paymentId}`)).body).toMatchObject({
      status: 'captured',
      amount_refunded: part,
      refund_status: 'partial',
    });
    await delivered(order.orderId, ['refund.created', 'refund.processed']);
    expect((await razorpayGet(stack, `/v1/refunds/${refundId}`)).body).toMatchObject({
      id: refundId,
      status: 'processed',
    });

    // The next refund is told to fail: Razorpay gives the amount back to the payment.
    expect((await simulator('/_simulator/refunds/next', { outcome: 'failed' })).status).toBe(200);
    const rest = order.amountPaise - part;
    const second = await simulator(`/v1/payments/${paymentId}/refund`, { amount: rest });
    expect(second.body).toMatchObject({ status: 'pending', amount: rest, receipt: null });
    expect((await razorpayGet(stack, `/v1/payments/${paymentId}`)).body).toMatchObject({
      status: 'refunded',
      amount_refunded: order.amountPaise,
      refund_status: 'full',
    });

    await delivered(order.orderId, [
      'refund.created',
      'refund.created',
      'refund.processed',
      'refund.failed',
    ]);
    expect((await razorpayGet(stack, `/v1/payments/${paymentId}`)).body).toMatchObject({
      status: 'captured',
      amount_refunded: part,
      refund_status: 'partial',
    });
    const listed = await razorpayGet(stack, `/v1/payments/${paymentId}/refunds`);
    expect(listed.body).toMatchObject({ entity: 'collection', count: 2 });
    expect(
      (listed.body.items as { id: string; status: string }[]).map((r) => r.status).sort(),
    ).toEqual(['failed', 'processed']);

    const tooMuch = await simulator(`/v1/payments/${paymentId}/refund`, { amount: rest + 1 });
    expect(tooMuch).toMatchObject({
      status: 400,
      body: { error: { code: 'BAD_REQUEST_ERROR', field: 'amount' } },
    });
  });

  it('lists the payments of an order, and refuses to capture one twice', async () => {
    const { order, paymentId } = await paidOrder('listing', true);

    const listed = await razorpayGet(stack, `/v1/orders/${order.orderId}/payments`);
    const twice = await simulator(`/v1/payments/${paymentId}/capture`, {
      amount: order.amountPaise,
      currency: 'INR',
    });

    expect(listed.body).toMatchObject({ entity: 'collection', count: 1 });
    expect((listed.body.items as { id: string }[])[0]?.id).toBe(paymentId);
    expect(twice).toMatchObject({
      status: 400,
      body: {
        error: { code: 'BAD_REQUEST_ERROR', description: 'This payment has already been captured' },
      },
    });
  });
});
