import { describe, expect, it } from 'vitest';
import { loadEventText } from '../../../../events/load-event';
import { InvalidSignatureError, PaymentProviderError } from '../../../../lambdas/use-cases/errors';
import { handleRazorpayWebhook } from '../../../../lambdas/use-cases/handle-razorpay-webhook';
import { verifyCheckout } from '../../../../lambdas/use-cases/verify-checkout';
import {
  BUYER,
  fakeWorld,
  KEY_SECRET,
  WEBHOOK_SECRET,
  type FakeWorld,
} from '../../../helpers/fakes/world';
import { signCheckout, signedDelivery } from '../../../helpers/razorpay-signing';

const ORDER_ID = 'order_Nx7fQm2kLp9aZc';
const PAYMENT_ID = 'pay_Nx7gT4uVw8bYd1';

function delivery(file: string, eventId: string, secret = WEBHOOK_SECRET) {
  return signed(loadEventText(`razorpay/${file}`), eventId, secret);
}

function signed(body: string, eventId: string, secret = WEBHOOK_SECRET) {
  return signedDelivery(body, eventId, secret);
}

async function arrange(status: 'authorized' | 'captured' = 'captured'): Promise<FakeWorld> {
  const world = fakeWorld();
  await world.givenOrder();
  world.gateway.givenPayment({ id: PAYMENT_ID, orderId: ORDER_ID, amountPaise: 3_538_584, status });
  return world;
}

const checkoutCallback = () => ({
  razorpay_order_id: ORDER_ID,
  razorpay_payment_id: PAYMENT_ID,
  razorpay_signature: signCheckout(ORDER_ID, PAYMENT_ID, KEY_SECRET),
});

describe('handleRazorpayWebhook', () => {
  it('fulfils payment.captured: one purchase, order paid, one event', async () => {
    const world = await arrange();

    const outcome = await handleRazorpayWebhook(world, delivery('payment.captured.json', 'evt_1'));

    expect(outcome).toBe('fulfilled');
    expect(world.purchases.all()).toHaveLength(1);
    expect(world.orders.items.get(ORDER_ID)?.status).toBe('paid');
    expect(world.events.published).toHaveLength(1);
    expect(world.processedEvents.ids).toEqual(new Set(['evt_1']));
  });

  it('fulfils order.paid and payment.captured of one payment once', async () => {
    const world = await arrange();

    await handleRazorpayWebhook(world, delivery('payment.captured.json', 'evt_1'));
    const outcome = await handleRazorpayWebhook(world, delivery('order.paid.json', 'evt_2'));

    expect(outcome).toBe('fulfilled');
    expect(world.purchases.all()).toHaveLength(1);
    expect(world.events.published).toHaveLength(1);
  });

  it('rejects a forged signature before reading the body', async () => {
    const world = await arrange();

    await expect(
      handleRazorpayWebhook(world, delivery('payment.captured.json', 'evt_1', 'not_the_secret')),
    ).rejects.toBeInstanceOf(InvalidSignatureError);

    expect(world.purchases.all()).toEqual([]);
    expect(world.orders.items.get(ORDER_ID)?.status).toBe('created');
    expect(world.events.published).toEqual([]);
    expect(world.processedEvents.ids.size).toBe(0);
  });

  it('never logs the signature, the secret or the body', async () => {
    const world = await arrange();
    const forged = delivery('payment.captured.json', 'evt_1', 'not_the_secret');
    await expect(handleRazorpayWebhook(world, forged)).rejects.toThrow();
    const good = delivery('payment.captured.json', 'evt_2');
    await handleRazorpayWebhook(world, good);

    const logs = world.log.text();
    expect(logs).not.toContain(forged.signature);
    expect(logs).not.toContain(good.signature);
    expect(logs).not.toContain(WEBHOOK_SECRET);
    expect(logs).not.toContain('okhdfcbank');
  });

  it('rejects a tampered body whose signature was made for the original', async () => {
    const world = await arrange();
    const original = delivery('payment.captured.json', 'evt_1');
    const tampered = Buffer.from(original.rawBody.toString('utf8').replace('3538584', '100'));

    await expect(
      handleRazorpayWebhook(world, { ...original, rawBody: tampered }),
    ).rejects.toBeInstanceOf(InvalidSignatureError);
    expect(world.purchases.all()).toEqual([]);
  });

  it('rejects a missing or malformed signature', async () => {
    const world = await arrange();
    const original = delivery('payment.captured.json', 'evt_1');

    for (const signature of [undefined, '', 'zz', original.signature.slice(0, 63)]) {
      await expect(handleRazorpayWebhook(world, { ...original, signature })).rejects.toBeInstanceOf(
        InvalidSignatureError,
      );
    }
    expect(world.purchases.all()).toEqual([]);
  });

  it('answers a duplicate event id without acting again', async () => {
    const world = await arrange();
    await handleRazorpayWebhook(world, delivery('payment.captured.json', 'evt_1'));
    // Even if the first purchase were gone, a duplicate id must not be acted on.
    world.purchases.items.clear();

    const outcome = await handleRazorpayWebhook(world, delivery('payment.captured.json', 'evt_1'));

    expect(outcome).toBe('duplicate');
    expect(world.purchases.all()).toEqual([]);
    expect(world.events.published).toHaveLength(1);
  });

  it('records payment.failed on an unpaid order', async () => {
    const world = await arrange();

    const outcome = await handleRazorpayWebhook(world, delivery('payment.failed.json', 'evt_f'));

    expect(outcome).toBe('failed_recorded');
    expect(world.orders.items.get(ORDER_ID)).toMatchObject({
      status: 'failed',
      failedPaymentId: 'pay_Nx7gR1fA2iLb0e',
      failureReason: 'Payment failed because the bank declined it.',
    });
    expect(world.purchases.all()).toEqual([]);
    expect(world.events.published).toEqual([]);
  });

  it('never undoes a paid order on payment.failed after paid', async () => {
    const world = await arrange();
    await handleRazorpayWebhook(world, delivery('payment.captured.json', 'evt_1'));

    await handleRazorpayWebhook(world, delivery('payment.failed.json', 'evt_f'));

    expect(world.orders.items.get(ORDER_ID)).toMatchObject({
      status: 'paid',
      paymentId: PAYMENT_ID,
    });
    expect(world.purchases.all()).toHaveLength(1);
    expect(world.users.items.get(BUYER.userId)?.currentPlan).toBe('basichosting');
  });

  it('fulfils after a failed attempt on the same order (the buyer retried)', async () => {
    const world = await arrange();
    await handleRazorpayWebhook(world, delivery('payment.failed.json', 'evt_f'));

    await handleRazorpayWebhook(world, delivery('payment.captured.json', 'evt_1'));

    expect(world.orders.items.get(ORDER_ID)?.status).toBe('paid');
    expect(world.purchases.all()).toHaveLength(1);
  });

  it('sends a mismatching amount to review and activates nothing', async () => {
    const world = await arrange();
    const body = loadEventText('razorpay/payment.captured.json').replace(
      '"amount": 3538584',
      '"amount": 100',
    );
    const rawBody = Buffer.from(body);

    const outcome = await handleRazorpayWebhook(world, signed(rawBody.toString(), 'evt_m'));

    expect(outcome).toBe('review');
    expect(world.orders.items.get(ORDER_ID)?.status).toBe('review');
    expect(world.purchases.all()).toEqual([]);
    expect(world.events.published).toEqual([]);
    expect(world.users.items.size).toBe(0);
  });

  it('ignores other events and orders we do not know', async () => {
    const world = await arrange();
    const refund = Buffer.from(
      JSON.stringify({ entity: 'event', event: 'refund.processed', payload: {} }),
    );
    const foreign = Buffer.from(
      loadEventText('razorpay/payment.captured.json').replaceAll(ORDER_ID, 'order_NotOurs'),
    );

    const outcomes = [
      await handleRazorpayWebhook(world, signed(refund.toString(), 'e1')),
      await handleRazorpayWebhook(world, signed(foreign.toString(), 'e2')),
    ];

    expect(outcomes).toEqual(['ignored', 'ignored']);
    expect(world.purchases.all()).toEqual([]);
  });

  it('records one purchase when verify comes first and the webhook after', async () => {
    const world = await arrange();
    await verifyCheckout(world, BUYER.userId, checkoutCallback());

    const outcome = await handleRazorpayWebhook(world, delivery('payment.captured.json', 'evt_1'));

    expect(outcome).toBe('fulfilled');
    expect(world.purchases.all()).toHaveLength(1);
    expect(world.events.published).toHaveLength(1);
    expect(world.users.applyCalls).toBe(2);
  });

  it('records one purchase when the webhook comes first and verify after', async () => {
    const world = await arrange();
    await handleRazorpayWebhook(world, delivery('order.paid.json', 'evt_2'));

    const answer = await verifyCheckout(world, BUYER.userId, checkoutCallback());

    expect(answer).toMatchObject({
      status: 'fulfilled',
      answer: { purchase: { planId: 'basichosting', status: 'active' } },
    });
    expect(world.purchases.all()).toHaveLength(1);
    expect(world.events.published).toHaveLength(1);
  });

  it('records one purchase when verify and the webhook race', async () => {
    const world = await arrange();

    await Promise.all([
      verifyCheckout(world, BUYER.userId, checkoutCallback()),
      handleRazorpayWebhook(world, delivery('payment.captured.json', 'evt_1')),
      handleRazorpayWebhook(world, delivery('order.paid.json', 'evt_2')),
    ]);

    expect(world.purchases.all()).toHaveLength(1);
    expect(world.users.items.get(BUYER.userId)?.appliedPurchaseIds?.size).toBe(1);
  });

  describe('payment.authorized (docs/decisions.md D20)', () => {
    it("captures for exactly the order's amount, then fulfils", async () => {
      const world = await arrange('authorized');

      const outcome = await handleRazorpayWebhook(
        world,
        delivery('payment.authorized.json', 'evt_a'),
      );

      expect(outcome).toBe('fulfilled');
      expect(world.gateway.captureCalls).toEqual([[PAYMENT_ID, 3_538_584, 'INR']]);
      expect(world.orders.items.get(ORDER_ID)?.status).toBe('paid');
      expect(world.purchases.all()).toHaveLength(1);
      expect(world.events.published).toHaveLength(1);
    });

    it('counts a payment captured before (auto-capture, verify) as captured', async () => {
      const world = await arrange('captured');

      const outcome = await handleRazorpayWebhook(
        world,
        delivery('payment.authorized.json', 'evt_a'),
      );

      expect(outcome).toBe('fulfilled');
      expect(world.purchases.all()).toHaveLength(1);
    });

    it('asks Razorpay nothing when verify already captured and fulfilled the payment', async () => {
      const world = await arrange('authorized');
      await verifyCheckout(world, BUYER.userId, checkoutCallback());

      const outcome = await handleRazorpayWebhook(
        world,
        delivery('payment.authorized.json', 'evt_a'),
      );

      expect(outcome).toBe('fulfilled');
      expect(world.gateway.captureCalls).toHaveLength(1);
      expect(world.purchases.all()).toHaveLength(1);
      expect(world.events.published).toHaveLength(1);
    });

    it('fails the delivery when the capture fails, so that Razorpay retries it', async () => {
      const world = await arrange('authorized');
      world.gateway.failNextCapture = true;

      await expect(
        handleRazorpayWebhook(world, delivery('payment.authorized.json', 'evt_a')),
      ).rejects.toBeInstanceOf(PaymentProviderError);
      expect(world.processedEvents.ids.size).toBe(0);
      expect(world.purchases.all()).toEqual([]);

      const retried = await handleRazorpayWebhook(
        world,
        delivery('payment.authorized.json', 'evt_a'),
      );
      expect(retried).toBe('fulfilled');
      expect(world.purchases.all()).toHaveLength(1);
    });

    it('never captures a payment whose amount differs from the order: review', async () => {
      const world = await arrange('authorized');
      const body = loadEventText('razorpay/payment.authorized.json').replace(
        '"amount": 3538584',
        '"amount": 100',
      );

      const outcome = await handleRazorpayWebhook(world, signed(body, 'evt_a'));

      expect(outcome).toBe('review');
      expect(world.gateway.captureCalls).toEqual([]);
      expect(world.orders.items.get(ORDER_ID)?.status).toBe('review');
      expect(world.purchases.all()).toEqual([]);
    });

    it('leaves a second payment for an order that is already paid uncaptured', async () => {
      const world = await arrange('authorized');
      await world.orders.markPaid({
        orderId: ORDER_ID,
        paymentId: 'pay_FirstPayment01',
        at: '2026-11-22T01:59:00.000Z',
      });

      const outcome = await handleRazorpayWebhook(
        world,
        delivery('payment.authorized.json', 'evt_a'),
      );

      expect(outcome).toBe('ignored');
      expect(world.gateway.captureCalls).toEqual([]);
      expect(world.purchases.all()).toEqual([]);
    });
  });

  it('reads what Razorpay adds without notice: notes as [] and fields it never sent before', async () => {
    const world = await arrange();
    const event = JSON.parse(loadEventText('razorpay/order.paid.json')) as {
      payload: Record<string, { entity: Record<string, unknown> }>;
    } & Record<string, unknown>;
    const payment = event.payload.payment!.entity;
    const order = event.payload.order!.entity;
    payment.notes = [];
    order.notes = [];
    payment.upi = { payer_account_type: 'bank_account', vpa: 'asha.verma@okhdfcbank' };
    payment.reward = null;
    event.payload.offer = { entity: { id: 'offer_X' } };
    event.api_version = '2026-11-01';

    const outcome = await handleRazorpayWebhook(world, signed(JSON.stringify(event), 'evt_2'));

    expect(outcome).toBe('fulfilled');
    expect(world.purchases.all()).toHaveLength(1);
  });

  // What each does is specified in tests/unit/lambdas/use-cases/refunds.test.ts (D16).
  it.each([
    ['refund.created.json', 'refund_recorded'],
    ['refund.processed.json', 'refund_recorded'],
    ['refund.failed.json', 'refund_recorded'],
    ['refund.processed.dashboard-partial.json', 'refund_recorded'],
    ['payment.dispute.created.json', 'dispute_recorded'],
    ['payment.dispute.lost.json', 'dispute_recorded'],
  ])(
    'verifies %s and hands it to refunds, never undoing the paid order',
    async (file, expected) => {
      const world = await arrange();
      await handleRazorpayWebhook(world, delivery('payment.captured.json', 'evt_1'));

      const outcome = await handleRazorpayWebhook(world, delivery(file, `evt_${file}`));

      expect(outcome).toBe(expected);
      expect(world.orders.items.get(ORDER_ID)?.status).toBe('paid');
      expect(world.processedEvents.ids.has(`evt_${file}`)).toBe(true);
    },
  );
});
