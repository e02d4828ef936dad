import { describe, expect, it } from 'vitest';
import type { GatewayPayment } from '../../../../lambdas/ports/payment-gateway';
import {
  InvalidSignatureError,
  OrderNotFoundError,
  PaymentNotCompletedError,
  PaymentProviderError,
  PaymentUnderReviewError,
} from '../../../../lambdas/use-cases/errors';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { verifyCheckout } from '../../../../lambdas/use-cases/verify-checkout';
import { crashOnce } from '../../../helpers/fakes/stores';
import { BUYER, fakeWorld, KEY_SECRET } from '../../../helpers/fakes/world';
import { signCheckout } from '../../../helpers/razorpay-signing';

const ORDER_ID = 'order_Nx7fQm2kLp9aZc';
const PAYMENT_ID = 'pay_Nx7gT4uVw8bYd1';
const AMOUNT = 3_538_584; // Basic Hosting, 12 months
const callback = (signature = signCheckout(ORDER_ID, PAYMENT_ID, KEY_SECRET)) => ({
  razorpay_order_id: ORDER_ID,
  razorpay_payment_id: PAYMENT_ID,
  razorpay_signature: signature,
});

async function arrange(payment: Partial<GatewayPayment> = {}) {
  const world = fakeWorld();
  await world.givenOrder();
  world.gateway.givenPayment({
    id: PAYMENT_ID,
    orderId: ORDER_ID,
    amountPaise: AMOUNT,
    ...payment,
  });
  return world;
}

describe('verifyCheckout', () => {
  it('fulfils a correctly signed, captured payment and answers the new service', async () => {
    const world = await arrange();

    const outcome = await verifyCheckout(world, BUYER.userId, callback());

    expect(outcome).toEqual({
      status: 'fulfilled',
      answer: {
        purchase: expect.objectContaining({
          planId: 'basichosting',
          name: 'Basic Hosting',
          category: 'hosting',
          months: 12,
          purchaseDate: '2026-11-22T02:00:00.000Z',
          renewalDate: '2027-11-22T02:00:00.000Z',
          status: 'active',
          pricePaidPaise: AMOUNT,
        }),
      },
    });
    expect(world.gateway.captureCalls).toEqual([]);
    expect(world.events.published).toHaveLength(1);
  });

  describe('an authorized payment (docs/decisions.md D20)', () => {
    it("is captured for exactly the order's amount, then fulfilled", async () => {
      const world = await arrange({ status: 'authorized' });

      const outcome = await verifyCheckout(world, BUYER.userId, callback());

      expect(outcome.status).toBe('fulfilled');
      expect(world.gateway.captureCalls).toEqual([[PAYMENT_ID, AMOUNT, 'INR']]);
      expect(world.gateway.payments.get(PAYMENT_ID)?.status).toBe('captured');
      expect(world.orders.items.get(ORDER_ID)?.status).toBe('paid');
      expect(world.purchases.all()).toHaveLength(1);
      expect(world.events.published).toHaveLength(1);
    });

    it('answers pending and activates nothing while the capture fails', async () => {
      const world = await arrange({ status: 'authorized' });
      world.gateway.failNextCapture = true;

      const outcome = await verifyCheckout(world, BUYER.userId, callback());

      expect(outcome).toEqual({ status: 'pending', paymentId: PAYMENT_ID });
      expect(world.orders.items.get(ORDER_ID)?.status).toBe('created');
      expect(world.purchases.all()).toEqual([]);
      expect(world.events.published).toEqual([]);
      expect(
        world.log.lines.some((l) => l.level === 'warn' && /Capture failed/.test(l.message)),
      ).toBe(true);
    });

    it('is fulfilled once when verify is called again after the capture', async () => {
      const world = await arrange({ status: 'authorized' });
      await verifyCheckout(world, BUYER.userId, callback());

      const again = await verifyCheckout(world, BUYER.userId, callback());

      expect(again.status).toBe('fulfilled');
      expect(world.gateway.captureCalls).toHaveLength(1);
      expect(world.purchases.all()).toHaveLength(1);
      expect(world.events.published).toHaveLength(1);
    });

    it('is never captured when its amount differs from the order: the order goes to review', async () => {
      const world = await arrange({ status: 'authorized', amountPaise: 100 });

      await expect(verifyCheckout(world, BUYER.userId, callback())).rejects.toBeInstanceOf(
        PaymentUnderReviewError,
      );

      expect(world.gateway.captureCalls).toEqual([]);
      expect(world.orders.items.get(ORDER_ID)?.status).toBe('review');
      expect(world.purchases.all()).toEqual([]);
    });

    it('is never captured when another payment already paid the order', async () => {
      const world = await arrange({ status: 'authorized' });
      await world.orders.markPaid({
        orderId: ORDER_ID,
        paymentId: 'pay_FirstPayment01',
        at: '2026-11-22T01:59:00.000Z',
      });

      await expect(verifyCheckout(world, BUYER.userId, callback())).rejects.toBeInstanceOf(
        PaymentNotCompletedError,
      );
      expect(world.gateway.captureCalls).toEqual([]);
      expect(world.purchases.all()).toEqual([]);
    });
  });

  it('answers pending for a payment Razorpay has not authorized yet, without capturing', async () => {
    const world = await arrange({ status: 'created' });

    const outcome = await verifyCheckout(world, BUYER.userId, callback());

    expect(outcome.status).toBe('pending');
    expect(world.gateway.captureCalls).toEqual([]);
    expect(world.purchases.all()).toEqual([]);
  });

  it('refuses a forged signature before asking Razorpay, and writes nothing', async () => {
    const world = await arrange();

    await expect(
      verifyCheckout(world, BUYER.userId, callback(signCheckout(ORDER_ID, PAYMENT_ID, 'guess'))),
    ).rejects.toBeInstanceOf(InvalidSignatureError);
    await expect(
      verifyCheckout(
        world,
        BUYER.userId,
        callback(signCheckout(ORDER_ID, 'pay_Other', KEY_SECRET)),
      ),
    ).rejects.toBeInstanceOf(InvalidSignatureError);

    expect(world.purchases.all()).toEqual([]);
    expect(world.orders.items.get(ORDER_ID)?.status).toBe('created');
    expect(world.events.published).toEqual([]);
  });

  it('refuses a payment that Razorpay says belongs to another order', async () => {
    const world = await arrange({ orderId: 'order_SomeoneElse01' });

    await expect(verifyCheckout(world, BUYER.userId, callback())).rejects.toBeInstanceOf(
      InvalidSignatureError,
    );
    expect(world.purchases.all()).toEqual([]);
  });

  it("answers order_not_found for another user's order, even with a valid signature", async () => {
    const world = await arrange();

    await expect(verifyCheckout(world, 'someone-else', callback())).rejects.toBeInstanceOf(
      OrderNotFoundError,
    );
    expect(world.purchases.all()).toEqual([]);
  });

  it('answers order_not_found for an unknown order', async () => {
    const world = await arrange();

    await expect(
      verifyCheckout(world, BUYER.userId, { ...callback(), razorpay_order_id: 'order_Unknown' }),
    ).rejects.toBeInstanceOf(OrderNotFoundError);
  });

  it.each(['failed', 'refunded'] as const)(
    'does not fulfil a payment Razorpay reports as %s',
    async (status) => {
      const world = await arrange({ status });

      await expect(verifyCheckout(world, BUYER.userId, callback())).rejects.toBeInstanceOf(
        PaymentNotCompletedError,
      );
      expect(world.gateway.captureCalls).toEqual([]);
      expect(world.purchases.all()).toEqual([]);
    },
  );

  it('answers payment_provider_unavailable when Razorpay does not answer', async () => {
    const world = await arrange();
    crashOnce(world.gateway, 'fetchPayment');

    await expect(verifyCheckout(world, BUYER.userId, callback())).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    expect(world.purchases.all()).toEqual([]);
  });

  it('puts a captured payment of the wrong amount under review', async () => {
    const world = await arrange({ amountPaise: 100 });

    await expect(verifyCheckout(world, BUYER.userId, callback())).rejects.toBeInstanceOf(
      PaymentUnderReviewError,
    );
    expect(world.orders.items.get(ORDER_ID)?.status).toBe('review');
    expect(world.purchases.all()).toEqual([]);
    expect(world.events.published).toEqual([]);
  });

  it('answers the purchase even when the event bus is down, and the webhook publishes later', async () => {
    const world = await arrange();
    crashOnce(world.events, 'publishPurchaseCompleted');

    const outcome = await verifyCheckout(world, BUYER.userId, callback());

    expect(outcome.status).toBe('fulfilled');
    expect(world.events.published).toEqual([]);
    expect(world.purchases.all()[0]?.eventPublishedAt).toBeUndefined();
    expect(world.log.lines.some((l) => l.level === 'error')).toBe(true);

    const order = await world.orders.getOrder(ORDER_ID);
    if (!order) throw new Error('order missing');
    await fulfilPayment(world, order, {
      paymentId: PAYMENT_ID,
      orderId: ORDER_ID,
      amountPaise: order.amountPaise,
      currency: 'INR',
    });
    expect(world.events.published).toHaveLength(1);
    expect(world.purchases.all()[0]?.eventPublishedAt).toBe(world.now().toISOString());
  });
});
