/**
 * The Razorpay adapter: its protocol (signatures checked before parsing, a tolerant parser of
 * every webhook the store acts on, from events/razorpay) and its SDK calls, made through the real
 * razorpay SDK against the Razorpay simulator, which also sends its webhooks to a receiver here.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEventText } from '../../../../events/load-event';
import {
  createRazorpayClient,
  RazorpayGateway,
  RazorpayGatewayError,
} from '../../../../lambdas/adapters/razorpay-api/razorpay-gateway';
import {
  freePort,
  startSimulator,
  type SimulatorHarness,
} from '../../../helpers/razorpay-simulator';
import { signCheckout, signWebhookBody } from '../../../helpers/razorpay-signing';

const credentials = {
  keyId: 'rzp_test_k',
  keySecret: 'key_secret_k',
  webhookSecret: 'wh_secret_k',
};
const unreachable = async () => {
  throw new Error('the protocol needs no API call');
};
const protocol = new RazorpayGateway(async () => credentials, unreachable);

function fixture(file: string): { rawBody: Buffer; signature: string } {
  const rawBody = Buffer.from(loadEventText(`razorpay/${file}`));
  return { rawBody, signature: signWebhookBody(rawBody, credentials.webhookSecret) };
}

const verify = ({ rawBody, signature }: { rawBody: Buffer; signature: string | undefined }) =>
  protocol.verifyWebhook(rawBody, signature);

const PAYMENT = {
  id: 'pay_Nx7gT4uVw8bYd1',
  orderId: 'order_Nx7fQm2kLp9aZc',
  amountPaise: 3_538_584,
  currency: 'INR',
};

describe('verifyWebhook: the signature first', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['another secret', (raw: Buffer) => signWebhookBody(raw, 'not_the_secret')],
    ['another body', () => signWebhookBody('{}', credentials.webhookSecret)],
    ['no signature', () => undefined],
    ['an empty one', () => ''],
    ['one that is not hex', () => 'z'.repeat(64)],
    [
      'one cut short',
      (raw: Buffer) => signWebhookBody(raw, credentials.webhookSecret).slice(0, 63),
    ],
    ['the secret itself', () => credentials.webhookSecret],
  ])('refuses %s without reading the body', async (_name, signatureOf) => {
    const { rawBody } = fixture('payment.captured.json');
    const parse = vi.spyOn(JSON, 'parse');

    const event = await verify({ rawBody, signature: signatureOf(rawBody) });

    expect(event).toBeNull();
    expect(parse).not.toHaveBeenCalled();
  });

  it('refuses a body changed after signing', async () => {
    const { rawBody, signature } = fixture('payment.captured.json');
    const tampered = Buffer.from(rawBody.toString().replace('3538584', '100'));

    expect(await verify({ rawBody: tampered, signature })).toBeNull();
  });

  it('accepts the signature in capitals too (hex is hex)', async () => {
    const { rawBody, signature } = fixture('payment.captured.json');

    expect(await verify({ rawBody, signature: signature.toUpperCase() })).toMatchObject({
      type: 'payment.captured',
    });
  });
});

describe('verifyWebhook: the events the store acts on, typed', () => {
  it.each([
    ['payment.authorized.json', 'payment.authorized', 'authorized'],
    ['payment.captured.json', 'payment.captured', 'captured'],
    ['order.paid.json', 'order.paid', 'captured'],
  ] as const)('%s', async (file, type, status) => {
    expect(await verify(fixture(file))).toEqual({
      type,
      payment: { ...PAYMENT, status, amountRefundedPaise: 0, refundStatus: null },
    });
  });

  it('payment.failed, with its error', async () => {
    expect(await verify(fixture('payment.failed.json'))).toMatchObject({
      type: 'payment.failed',
      payment: {
        id: 'pay_Nx7gR1fA2iLb0e',
        status: 'failed',
        errorCode: 'BAD_REQUEST_ERROR',
        errorDescription: 'Payment failed because the bank declined it.',
      },
    });
  });

  it.each([
    ['refund.created.json', 'refund.created', 'pending', 'full', 'refunded'],
    ['refund.processed.json', 'refund.processed', 'processed', 'full', 'refunded'],
    ['refund.failed.json', 'refund.failed', 'failed', null, 'captured'],
  ] as const)('%s', async (file, type, status, refundStatus, paymentStatus) => {
    expect(await verify(fixture(file))).toEqual({
      type,
      refund: {
        id: 'rfnd_Nz3kP8qR2sT5uV',
        paymentId: PAYMENT.id,
        amountPaise: 3_538_584,
        currency: 'INR',
        status,
        receipt: 'rfd_pur_pay_Nx7gT4uVw8bYd1',
        notes: { serviceId: 'svc_basichosting', reason: 'Money-back guarantee' },
        createdAt: '2026-12-06T02:00:00.000Z',
      },
      payment: expect.objectContaining({ id: PAYMENT.id, refundStatus, status: paymentStatus }),
    });
  });

  it('a refund made in the dashboard: no receipt, notes as []', async () => {
    expect(await verify(fixture('refund.processed.dashboard-partial.json'))).toMatchObject({
      type: 'refund.processed',
      refund: { amountPaise: 100_000, receipt: null, notes: {} },
      payment: { amountRefundedPaise: 100_000, refundStatus: 'partial', status: 'captured' },
    });
  });

  it.each([
    ['payment.dispute.created.json', 'payment.dispute.created', 'open'],
    ['payment.dispute.lost.json', 'payment.dispute.lost', 'lost'],
  ] as const)('%s', async (file, type, status) => {
    expect(await verify(fixture(file))).toEqual({
      type,
      dispute: {
        id: 'disp_Nz5xC2vB8nM1qW',
        paymentId: PAYMENT.id,
        amountPaise: 3_538_584,
        currency: 'INR',
        status,
        reasonCode: 'goods_or_services_not_received',
      },
      payment: expect.objectContaining({ id: PAYMENT.id }),
    });
  });
});

describe('verifyWebhook: tolerant of what Razorpay changes', () => {
  function signed(value: unknown): { rawBody: Buffer; signature: string } {
    const rawBody = Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
    return { rawBody, signature: signWebhookBody(rawBody, credentials.webhookSecret) };
  }
  const event = () =>
    JSON.parse(loadEventText('razorpay/order.paid.json')) as Record<string, unknown> & {
      payload: Record<string, { entity: Record<string, unknown> }>;
    };

  it('accepts notes as [] or as an object, and fields it has never seen', async () => {
    const withNewFields = event();
    withNewFields.payload.payment!.entity.notes = [];
    withNewFields.payload.payment!.entity.upi = { payer_account_type: 'credit_card' };
    withNewFields.payload.order!.entity.notes = [];
    withNewFields.payload.offer = { entity: { id: 'offer_X' } };
    withNewFields.api_version = '2027-01-01';

    expect(await verify(signed(withNewFields))).toMatchObject({
      type: 'order.paid',
      payment: { id: PAYMENT.id, status: 'captured' },
    });
  });

  it('reads a payment status it does not know as not yet paid', async () => {
    const unknown = event();
    unknown.payload.payment!.entity.status = 'on_hold';

    expect(await verify(signed(unknown))).toMatchObject({ payment: { status: 'created' } });
  });

  it.each([
    [
      'an event the store does not act on',
      { event: 'payment.downtime.started', payload: {} },
      /not an event/,
    ],
    [
      'a payment event without its payment',
      { event: 'payment.captured', payload: {} },
      /no payment entity/,
    ],
    [
      'a payment without an amount',
      {
        event: 'payment.captured',
        payload: { payment: { entity: { id: 'pay_X', currency: 'INR', status: 'captured' } } },
      },
      /payment entity unreadable \(entity\.amount\)/,
    ],
    [
      'a refund event without its refund',
      { event: 'refund.processed', payload: {} },
      /no refund entity/,
    ],
    ['a body without an event name', { payload: {} }, /no event name/],
    ['a body that is not JSON', '{"event":', /not JSON/],
  ])('calls %s ignored, with the reason', async (_name, body, reason) => {
    expect(await verify(signed(body))).toEqual({
      type: 'ignored',
      event: expect.any(String),
      reason: expect.stringMatching(reason),
    });
  });
});

describe('verifyCheckoutSignature', () => {
  it("accepts Razorpay's HMAC of order_id|payment_id with the key secret, and nothing else", async () => {
    const good = signCheckout('order_A', 'pay_B', credentials.keySecret);

    expect(await protocol.verifyCheckoutSignature('order_A', 'pay_B', good)).toBe(true);
    expect(await protocol.verifyCheckoutSignature('order_A', 'pay_C', good)).toBe(false);
    expect(
      await protocol.verifyCheckoutSignature(
        'order_A',
        'pay_B',
        signCheckout('order_A', 'pay_B', credentials.webhookSecret),
      ),
    ).toBe(false);
    expect(await protocol.verifyCheckoutSignature('order_A', 'pay_B', '')).toBe(false);
  });
});

describe('RazorpayGateway through the SDK, against the simulator', () => {
  let sim: SimulatorHarness;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => sim?.stop());

  async function authorizedPayment(
    amount: number,
  ): Promise<{ orderId: string; paymentId: string }> {
    await sim.setAutoCapture(false);
    try {
      const orderId = await sim.createOrder(amount);
      return { orderId, paymentId: await sim.pay(orderId, 'success') };
    } finally {
      await sim.setAutoCapture(true);
    }
  }

  it('creates an order with amount, currency, receipt and notes, and maps the answer', async () => {
    const order = await sim.gateway.createOrder({
      amountPaise: 11_800,
      currency: 'INR',
      receipt: 'rcpt_1',
      notes: { planId: 'basicvps' },
    });

    expect(order).toEqual({
      id: expect.stringMatching(/^order_/),
      amountPaise: 11_800,
      currency: 'INR',
    });
    expect((await sim.request('GET', `/v1/orders/${order.id}`)).body).toMatchObject({
      amount: 11_800,
      currency: 'INR',
      receipt: 'rcpt_1',
      notes: { planId: 'basicvps' },
    });
    expect(await sim.gateway.keyId()).toBe(sim.credentials.keyId);
  });

  it('fetches a payment', async () => {
    const orderId = await sim.createOrder(25_000);
    const paymentId = await sim.pay(orderId, 'success');

    expect(await sim.gateway.fetchPayment(paymentId)).toEqual({
      id: paymentId,
      orderId,
      amountPaise: 25_000,
      currency: 'INR',
      status: 'captured',
      amountRefundedPaise: 0,
      refundStatus: null,
    });
  });

  it('captures an authorized payment, and counts "already captured" as captured', async () => {
    const { paymentId } = await authorizedPayment(40_000);
    expect((await sim.gateway.fetchPayment(paymentId)).status).toBe('authorized');

    const first = await sim.gateway.capturePayment(paymentId, 40_000, 'INR');
    const again = await sim.gateway.capturePayment(paymentId, 40_000, 'INR');

    expect(first).toMatchObject({ id: paymentId, status: 'captured', amountPaise: 40_000 });
    expect(again).toEqual(first);
    // What the second call met at Razorpay: its error answer, which the adapter read as success.
    expect(
      await sim.request('POST', `/v1/payments/${paymentId}/capture`, {
        amount: 40_000,
        currency: 'INR',
      }),
    ).toMatchObject({
      status: 400,
      body: {
        error: { code: 'BAD_REQUEST_ERROR', description: 'This payment has already been captured' },
      },
    });
  });

  it("refuses to capture another amount, or a failed payment, with Razorpay's error", async () => {
    const { paymentId } = await authorizedPayment(40_000);
    const failedOrder = await sim.createOrder(40_000);
    const failed = await sim.pay(failedOrder, 'failure');

    const wrongAmount = sim.gateway.capturePayment(paymentId, 39_900, 'INR');
    const notAuthorized = sim.gateway.capturePayment(failed, 40_000, 'INR');

    await expect(wrongAmount).rejects.toMatchObject({
      name: 'RazorpayGatewayError',
      statusCode: 400,
      code: 'BAD_REQUEST_ERROR',
    });
    await expect(notAuthorized).rejects.toBeInstanceOf(RazorpayGatewayError);
    expect((await sim.gateway.fetchPayment(paymentId)).status).toBe('authorized');
  });

  it('lists every payment attempt on an order', async () => {
    const orderId = await sim.createOrder(30_000);
    const failed = await sim.pay(orderId, 'failure');
    const paid = await sim.pay(orderId, 'success');

    const payments = await sim.gateway.listOrderPayments(orderId);

    expect(payments.map((p) => [p.id, p.status]).sort()).toEqual(
      [
        [failed, 'failed'],
        [paid, 'captured'],
      ].sort(),
    );
  });

  it('refunds with a receipt and notes, lists and fetches the refund, and the payment follows', async () => {
    const orderId = await sim.createOrder(50_000);
    const paymentId = await sim.pay(orderId, 'success');

    const refund = await sim.gateway.createRefund(paymentId, {
      amountPaise: 20_000,
      receipt: 'rfd_1',
      notes: { serviceId: 'svc_1' },
    });

    expect(refund).toEqual({
      id: expect.stringMatching(/^rfnd_/),
      paymentId,
      amountPaise: 20_000,
      currency: 'INR',
      status: 'pending',
      receipt: 'rfd_1',
      notes: { serviceId: 'svc_1' },
      createdAt: expect.any(String),
    });
    expect(await sim.gateway.listRefunds(paymentId)).toEqual([refund]);
    expect(await sim.gateway.fetchPayment(paymentId)).toMatchObject({
      status: 'captured',
      amountRefundedPaise: 20_000,
      refundStatus: 'partial',
    });
    await sim.received((w) => w.event === 'refund.processed' && w.rawBody.includes(refund.id), 1);
    expect(await sim.gateway.fetchRefund(refund.id)).toEqual({ ...refund, status: 'processed' });

    const rest = await sim.gateway.createRefund(paymentId, {
      amountPaise: 30_000,
      receipt: 'rfd_2',
      notes: {},
    });
    expect((await sim.gateway.listRefunds(paymentId)).map((r) => r.id).sort()).toEqual(
      [refund.id, rest.id].sort(),
    );
    expect(await sim.gateway.fetchPayment(paymentId)).toMatchObject({
      status: 'refunded',
      amountRefundedPaise: 50_000,
      refundStatus: 'full',
    });
    await expect(
      sim.gateway.createRefund(paymentId, { amountPaise: 100, receipt: 'rfd_3', notes: {} }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'BAD_REQUEST_ERROR' });
  });

  it("turns Razorpay's error answer into a gateway error with its status and code", async () => {
    await expect(sim.gateway.fetchPayment('pay_DoesNotExist00')).rejects.toMatchObject({
      name: 'RazorpayGatewayError',
      statusCode: 400,
      code: 'BAD_REQUEST_ERROR',
      message: expect.stringMatching(/^Razorpay answered 400 BAD_REQUEST_ERROR/),
    });
  });

  it("points the SDK's HTTP client at the simulator, with a timeout", async () => {
    const client = (await createRazorpayClient(
      credentials,
      'http://127.0.0.1:8100/',
    )) as unknown as {
      api: { rq: { defaults: { baseURL: string; timeout: number } } };
    };

    expect(client.api.rq.defaults.baseURL).toBe('http://127.0.0.1:8100');
    expect(client.api.rq.defaults.timeout).toBe(5000);
  });

  it('turns no answer at all into a gateway error without a status', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const gateway = new RazorpayGateway(
      async () => credentials,
      async () => createRazorpayClient(credentials, closed),
    );

    const error = await gateway.fetchPayment('pay_X').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(RazorpayGatewayError);
    expect((error as RazorpayGatewayError).statusCode).toBeUndefined();
  });
});

describe("the simulator's webhooks, read by the adapter", () => {
  let sim: SimulatorHarness;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => sim?.stop());

  const events = async (paymentOrRefundId: string, count: number) => {
    const list = await sim.received((w) => w.rawBody.includes(paymentOrRefundId), count);
    return Promise.all(list.map((w) => sim.gateway.verifyWebhook(w.rawBody, w.signature)));
  };

  it('sends payment.authorized, payment.captured and order.paid for a paid order, each signed', async () => {
    const orderId = await sim.createOrder(60_000);
    const paymentId = await sim.pay(orderId, 'success');

    const verified = await events(paymentId, 3);

    expect(verified.map((e) => e?.type).sort()).toEqual([
      'order.paid',
      'payment.authorized',
      'payment.captured',
    ]);
    expect(verified.find((e) => e?.type === 'payment.authorized')).toMatchObject({
      payment: { status: 'authorized' },
    });
  });

  it('without auto-capture sends only payment.authorized until the capture', async () => {
    await sim.setAutoCapture(false);
    const orderId = await sim.createOrder(70_000);
    const paymentId = await sim.pay(orderId, 'success');
    await sim.setAutoCapture(true);
    await events(paymentId, 1);
    expect((await sim.request('GET', `/v1/orders/${orderId}`)).body.status).toBe('attempted');

    await sim.gateway.capturePayment(paymentId, 70_000, 'INR');

    expect((await events(paymentId, 3)).map((e) => e?.type)).toEqual([
      'payment.authorized',
      expect.stringMatching(/^(payment\.captured|order\.paid)$/),
      expect.stringMatching(/^(payment\.captured|order\.paid)$/),
    ]);
    expect((await sim.request('GET', `/v1/orders/${orderId}`)).body).toMatchObject({
      status: 'paid',
      amount_paid: 70_000,
    });
  });

  it('sends refund.created, then refund.failed for a refund told to fail, and gives the amount back', async () => {
    const orderId = await sim.createOrder(80_000);
    const paymentId = await sim.pay(orderId, 'success');
    await sim.nextRefund('failed');

    const refund = await sim.gateway.createRefund(paymentId, {
      amountPaise: 80_000,
      receipt: 'rfd_f',
      notes: {},
    });

    const verified = await events(refund.id, 2);
    expect(verified.map((e) => e?.type)).toEqual(['refund.created', 'refund.failed']);
    expect(verified[1]).toMatchObject({
      refund: { id: refund.id, status: 'failed' },
      payment: { status: 'captured', amountRefundedPaise: 0, refundStatus: null },
    });
    // Only the next refund fails: the one after is processed.
    const again = await sim.gateway.createRefund(paymentId, {
      amountPaise: 80_000,
      receipt: 'rfd_g',
      notes: {},
    });
    expect((await events(again.id, 2)).map((e) => e?.type)).toEqual([
      'refund.created',
      'refund.processed',
    ]);
  });
});
