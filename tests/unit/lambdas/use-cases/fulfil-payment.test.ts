import { describe, expect, it } from 'vitest';
import {
  fulfilPayment,
  purchaseIdFor,
  type VerifiedPayment,
} from '../../../../lambdas/use-cases/fulfil-payment';
import { crashOnce, SimulatedCrash } from '../../../helpers/fakes/stores';
import { BUYER, fakeWorld, type FakeWorld } from '../../../helpers/fakes/world';

const PAYMENT_ID = 'pay_Nx7gT4uVw8bYd1';

async function arrange(): Promise<{ world: FakeWorld; payment: VerifiedPayment }> {
  const world = fakeWorld();
  const order = await world.givenOrder();
  return {
    world,
    payment: {
      paymentId: PAYMENT_ID,
      orderId: order.orderId,
      amountPaise: order.amountPaise,
      currency: 'INR',
    },
  };
}

async function fulfil(world: FakeWorld, payment: VerifiedPayment) {
  const order = await world.orders.getOrder(payment.orderId);
  if (!order) throw new Error('order missing');
  return fulfilPayment(world, order, payment);
}

function expectFulfilledOnce(
  world: FakeWorld,
  purchaseDate = '2026-11-22T02:00:00.000Z',
  renewalDate = '2027-11-22T02:00:00.000Z',
) {
  const purchases = world.purchases.all();
  expect(purchases).toHaveLength(1);
  const purchase = purchases[0];
  expect(purchase).toMatchObject({
    purchaseId: purchaseIdFor(PAYMENT_ID),
    userId: BUYER.userId,
    paymentId: PAYMENT_ID,
    planId: 'basichosting',
    months: 12,
    amountPaise: 3_538_584,
    purchaseDate,
    renewalDate,
  });
  expect(purchase?.eventPublishedAt).toBeDefined();
  expect(world.orders.items.get('order_Nx7fQm2kLp9aZc')).toMatchObject({
    status: 'paid',
    paymentId: PAYMENT_ID,
  });
  expect(world.users.items.get(BUYER.userId)).toMatchObject({
    currentPlan: 'basichosting',
    expiry: renewalDate,
  });
  expect(world.users.items.get(BUYER.userId)?.appliedPurchaseIds).toEqual(
    new Set([purchaseIdFor(PAYMENT_ID)]),
  );
}

describe('fulfilPayment', () => {
  it('records the purchase, marks the order paid, updates the user and publishes PurchaseCompleted', async () => {
    const { world, payment } = await arrange();

    const result = await fulfil(world, payment);

    expect(result.outcome).toBe('fulfilled');
    expectFulfilledOnce(world);
    expect(world.events.published).toEqual([
      {
        purchaseId: 'pur_pay_Nx7gT4uVw8bYd1',
        userId: BUYER.userId,
        email: BUYER.email,
        name: BUYER.name,
        planId: 'basichosting',
        planName: 'Basic Hosting',
        category: 'hosting',
        months: 12,
        purchaseDate: '2026-11-22T02:00:00.000Z',
        renewalDate: '2027-11-22T02:00:00.000Z',
        amountPaise: 3_538_584,
        paymentId: PAYMENT_ID,
        orderId: 'order_Nx7fQm2kLp9aZc',
      },
    ]);
  });

  it('does nothing twice when the same payment is fulfilled again', async () => {
    const { world, payment } = await arrange();
    await fulfil(world, payment);
    world.setNow(new Date('2026-11-22T02:05:00.000Z'));

    const again = await fulfil(world, payment);

    expect(again.outcome).toBe('fulfilled');
    expectFulfilledOnce(world);
    expect(world.events.published).toHaveLength(1);
  });

  it('gives one purchase and one user update for 50 concurrent deliveries of one payment', async () => {
    const { world, payment } = await arrange();

    const results = await Promise.all(Array.from({ length: 50 }, () => fulfil(world, payment)));

    expect(results.every((r) => r.outcome === 'fulfilled')).toBe(true);
    expectFulfilledOnce(world);
    // Racers that saw the purchase unpublished may publish again; every copy names the one purchase.
    expect(world.events.published.length).toBeGreaterThanOrEqual(1);
    expect(new Set(world.events.published.map((e) => e.purchaseId))).toEqual(
      new Set([purchaseIdFor(PAYMENT_ID)]),
    );
  });

  it('marks the order for review and activates nothing when the amount differs', async () => {
    const { world, payment } = await arrange();

    const result = await fulfil(world, { ...payment, amountPaise: payment.amountPaise - 100 });

    expect(result.outcome).toBe('review');
    expect(world.orders.items.get(payment.orderId)?.status).toBe('review');
    expect(world.purchases.all()).toEqual([]);
    expect(world.users.items.size).toBe(0);
    expect(world.events.published).toEqual([]);
    expect(world.log.lines.some((l) => l.level === 'warn')).toBe(true);
  });

  it('marks the order for review when the currency differs', async () => {
    const { world, payment } = await arrange();

    const result = await fulfil(world, { ...payment, currency: 'USD' });

    expect(result.outcome).toBe('review');
    expect(world.purchases.all()).toEqual([]);
    expect(world.events.published).toEqual([]);
  });

  it('never moves a paid order to review when a mismatching payment comes later', async () => {
    const { world, payment } = await arrange();
    await fulfil(world, payment);

    const result = await fulfil(world, { ...payment, paymentId: 'pay_Other', amountPaise: 1 });

    expect(result.outcome).toBe('review');
    expect(world.orders.items.get(payment.orderId)?.status).toBe('paid');
    expectFulfilledOnce(world);
  });

  it('extends an active service of the same plan from its renewal date (D5)', async () => {
    const { world, payment } = await arrange();
    await fulfil(world, payment);
    world.setNow(new Date('2027-05-01T10:00:00.000Z'));
    const second = await world.givenOrder({ orderId: 'order_Second000000' });

    const result = await fulfilPayment(world, second, {
      paymentId: 'pay_Second',
      orderId: second.orderId,
      amountPaise: second.amountPaise,
      currency: 'INR',
    });

    expect(result.outcome).toBe('fulfilled');
    if (result.outcome !== 'fulfilled') return;
    expect(result.purchase.startDate).toBe('2027-11-22T02:00:00.000Z');
    expect(result.purchase.renewalDate).toBe('2028-11-22T02:00:00.000Z');
    expect(world.users.items.get(BUYER.userId)?.expiry).toBe('2028-11-22T02:00:00.000Z');
  });

  const steps = [
    ['createPurchase', 'purchases'],
    ['markPaid', 'orders'],
    ['applyPurchase', 'users'],
    ['publishPurchaseCompleted', 'events'],
    ['markEventPublished', 'purchases'],
  ] as const;

  for (const [method, port] of steps) {
    for (const when of ['before', 'after'] as const) {
      it(`finishes on retry after a crash ${when} ${method}, doing nothing twice`, async () => {
        const { world, payment } = await arrange();
        crashOnce(world[port] as object, method as never, when);

        await expect(fulfil(world, payment)).rejects.toBeInstanceOf(SimulatedCrash);
        world.setNow(new Date('2026-11-22T02:01:00.000Z'));
        const retry = await fulfil(world, payment);

        expect(retry.outcome).toBe('fulfilled');
        // Once the purchase is written, its period is frozen: the retry keeps the first one.
        if (method === 'createPurchase' && when === 'before') {
          expectFulfilledOnce(world, '2026-11-22T02:01:00.000Z', '2027-11-22T02:01:00.000Z');
        } else {
          expectFulfilledOnce(world);
        }
        const publishedBeforeTheCrash =
          (method === 'publishPurchaseCompleted' && when === 'after') ||
          (method === 'markEventPublished' && when === 'before');
        const expectedEvents = publishedBeforeTheCrash ? 2 : 1;
        // An event published before the crash is published again (the consumer dedupes).
        expect(world.events.published).toHaveLength(expectedEvents);
        expect(new Set(world.events.published.map((e) => e.purchaseId)).size).toBe(1);
      });
    }
  }

  it('fails the webhook path when the bus refuses the event, so Razorpay retries', async () => {
    const { world, payment } = await arrange();
    crashOnce(world.events, 'publishPurchaseCompleted');

    await expect(fulfil(world, payment)).rejects.toBeInstanceOf(SimulatedCrash);
    expect(world.purchases.all()[0]?.eventPublishedAt).toBeUndefined();
  });
});
