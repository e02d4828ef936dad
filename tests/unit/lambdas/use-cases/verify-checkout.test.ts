import { describe, expect, it } from 'vitest';
import {
  InvalidSignatureError,
  OrderNotFoundError,
  PaymentNotCompletedError,
  PaymentUnderReviewError,
} from '../../../../lambdas/use-cases/errors';
import { sign } from '../../../../lambdas/use-cases/signatures';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { serviceIdFor } from '../../../../lambdas/use-cases/extend-service';
import { verifyCheckout } from '../../../../lambdas/use-cases/verify-checkout';
import { crashOnce } from '../../../helpers/fakes/stores';
import { BUYER, fakeWorld, KEY_SECRET } from '../../../helpers/fakes/world';

const ORDER_ID = 'order_Nx7fQm2kLp9aZc';
const PAYMENT_ID = 'pay_Nx7gT4uVw8bYd1';
const callback = (signature = sign(`${ORDER_ID}|${PAYMENT_ID}`, KEY_SECRET)) => ({
  razorpay_order_id: ORDER_ID,
  razorpay_payment_id: PAYMENT_ID,
  razorpay_signature: signature,
});

async function arrange(status = 'captured', amountPaise = 3_538_584) {
  const world = fakeWorld();
  await world.givenOrder();
  world.gateway.payments.set(PAYMENT_ID, {
    id: PAYMENT_ID,
    orderId: ORDER_ID,
    amountPaise,
    currency: 'INR',
    status,
  });
  return world;
}

describe('verifyCheckout', () => {
  it('fulfils a correctly signed payment and answers the new service', async () => {
    const world = await arrange();

    const answer = await verifyCheckout(world, BUYER.userId, callback());

    expect(answer.purchase).toEqual({
      id: serviceIdFor(BUYER.userId, { planId: 'basichosting' }),
      planId: 'basichosting',
      name: 'Basic Hosting',
      category: 'hosting',
      months: 12,
      purchaseDate: '2026-11-22T02:00:00.000Z',
      renewalDate: '2027-11-22T02:00:00.000Z',
      status: 'active',
      pricePaidPaise: 3_538_584,
    });
    expect(world.events.published).toHaveLength(1);
  });

  it('refuses a forged signature and writes nothing', async () => {
    const world = await arrange();

    await expect(
      verifyCheckout(world, BUYER.userId, callback(sign(`${ORDER_ID}|${PAYMENT_ID}`, 'guess'))),
    ).rejects.toBeInstanceOf(InvalidSignatureError);
    await expect(
      verifyCheckout(world, BUYER.userId, callback(sign(`${ORDER_ID}|pay_Other`, KEY_SECRET))),
    ).rejects.toBeInstanceOf(InvalidSignatureError);

    expect(world.purchases.all()).toEqual([]);
    expect(world.orders.items.get(ORDER_ID)?.status).toBe('created');
    expect(world.events.published).toEqual([]);
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

  it('does not fulfil a payment Razorpay reports as failed', async () => {
    const world = await arrange('failed');

    await expect(verifyCheckout(world, BUYER.userId, callback())).rejects.toBeInstanceOf(
      PaymentNotCompletedError,
    );
    expect(world.purchases.all()).toEqual([]);
  });

  it('puts a payment of the wrong amount under review', async () => {
    const world = await arrange('captured', 100);

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

    const answer = await verifyCheckout(world, BUYER.userId, callback());

    expect(answer.purchase.id).toBe(serviceIdFor(BUYER.userId, { planId: 'basichosting' }));
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
    expect(world.purchases.all()[0]?.eventPublishedAt).toBeDefined();
  });
});
