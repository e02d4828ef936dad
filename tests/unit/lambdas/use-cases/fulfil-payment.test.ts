import { describe, expect, it } from 'vitest';
import type { Months } from '../../../../lambdas/domain/pricing';
import { addMonths } from '../../../../lambdas/domain/services';
import { serviceIdFor } from '../../../../lambdas/use-cases/extend-service';
import {
  fulfilPayment,
  purchaseCompletedDetail,
  purchaseIdFor,
  type VerifiedPayment,
} from '../../../../lambdas/use-cases/fulfil-payment';
import { crashOnce, SimulatedCrash } from '../../../helpers/fakes/stores';
import { BUYER, fakeWorld, type FakeWorld } from '../../../helpers/fakes/world';

const PAYMENT_ID = 'pay_Nx7gT4uVw8bYd1';
const SERVICE_ID = serviceIdFor(BUYER.userId, { planId: 'basichosting' });

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
  publishedAt = world.now().toISOString(),
) {
  const purchases = world.purchases.all();
  expect(purchases).toHaveLength(1);
  const purchase = purchases[0];
  expect(purchase).toMatchObject({
    purchaseId: purchaseIdFor(PAYMENT_ID),
    userId: BUYER.userId,
    paymentId: PAYMENT_ID,
    serviceId: SERVICE_ID,
    planId: 'basichosting',
    months: 12,
    amountPaise: 3_538_584,
    purchaseDate,
    renewalDate,
  });
  // When PurchaseCompleted was first recorded as published: by default, at the world's clock.
  expect(purchase?.eventPublishedAt).toBe(publishedAt);
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
  // The service was extended once, by exactly the period the purchase records.
  const services = world.services.all();
  expect(services).toHaveLength(1);
  expect(services[0]).toMatchObject({ serviceId: SERVICE_ID, version: 1, renewalDate });
  expect(services[0]?.periods).toEqual({
    [purchaseIdFor(PAYMENT_ID)]: {
      purchaseId: purchaseIdFor(PAYMENT_ID),
      paymentId: PAYMENT_ID,
      purchaseDate,
      startDate: purchaseDate,
      renewalDate,
      months: 12,
      amountPaise: 3_538_584,
    },
  });
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
        serviceId: SERVICE_ID,
        invoiceNumber: 'INV/26-27/000001',
        // A first purchase of the plan, priced new (D14).
        renewal: false,
      },
    ]);
  });

  it('does nothing twice when the same payment is fulfilled again', async () => {
    const { world, payment } = await arrange();
    await fulfil(world, payment);
    world.setNow(new Date('2026-11-22T02:05:00.000Z'));

    const again = await fulfil(world, payment);

    expect(again.outcome).toBe('fulfilled');
    expectFulfilledOnce(world, undefined, undefined, '2026-11-22T02:00:00.000Z');
    expect(world.events.published).toHaveLength(1);
  });

  it('gives one purchase and one user update for 50 concurrent deliveries of one payment', async () => {
    const { world, payment } = await arrange();

    const results = await Promise.all(Array.from({ length: 50 }, () => fulfil(world, payment)));

    expect(results.every((r) => r.outcome === 'fulfilled')).toBe(true);
    expectFulfilledOnce(world);
    // One racer claims the publish; the others wait for its mark (E28).
    expect(world.events.published.map((e) => e.purchaseId)).toEqual([purchaseIdFor(PAYMENT_ID)]);
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

  it('gives 8 payments for one plan fulfilled at the same moment 8 consecutive periods (two tabs, two orders)', async () => {
    const world = fakeWorld();
    const months: Months[] = [12, 24, 1, 36, 12, 1, 24, 12];
    const orders = await Promise.all(
      months.map((m, n) =>
        world.givenOrder({ orderId: `order_Tab${n}`, receipt: `rcpt_tab${n}`, months: m }),
      ),
    );
    // givenOrder prices each order for its months.
    const paid = orders.map((order, n) => ({
      paymentId: `pay_Tab${n}`,
      orderId: order.orderId,
      amountPaise: order.amountPaise,
      currency: 'INR',
    }));

    const results = await Promise.all(
      orders.map((order, n) => fulfilPayment(world, order, paid[n]!)),
    );

    const total = months.reduce((sum, m) => sum + m, 0);
    const end = addMonths(new Date('2026-11-22T02:00:00.000Z'), total).toISOString();
    expect(results.every((r) => r.outcome === 'fulfilled')).toBe(true);
    expect(world.services.all()).toEqual([
      expect.objectContaining({ serviceId: SERVICE_ID, renewalDate: end, version: 8 }),
    ]);
    const periods = world.purchases
      .all()
      .map((p) => [p.startDate, p.renewalDate])
      .sort(([a], [b]) => (a ?? '').localeCompare(b ?? ''));
    expect(periods).toHaveLength(8);
    for (let i = 1; i < periods.length; i += 1) expect(periods[i]?.[0]).toBe(periods[i - 1]?.[1]);
    expect(periods.at(-1)?.[1]).toBe(end);
    expect(world.users.items.get(BUYER.userId)?.expiry).toBe(end);
  });

  it('never extends twice for a payment retried long after a crash that followed the extension', async () => {
    const { world, payment } = await arrange();
    crashOnce(world.services, 'extendService', 'after');
    await expect(fulfil(world, payment)).rejects.toBeInstanceOf(SimulatedCrash);
    world.setNow(new Date('2027-01-15T00:00:00.000Z'));

    const retry = await fulfil(world, payment);

    expect(retry.outcome).toBe('fulfilled');
    expectFulfilledOnce(world);
  });

  it('extends a plan bought before services were stored from that purchase', async () => {
    const { world, payment } = await arrange();
    await fulfil(world, payment);
    // As the purchase was recorded then: no service item, no serviceId.
    world.recordedBeforeServices();
    world.setNow(new Date('2027-05-01T10:00:00.000Z'));
    const second = await world.givenOrder({ orderId: 'order_Second000000' });

    const result = await fulfilPayment(world, second, {
      paymentId: 'pay_Second',
      orderId: second.orderId,
      amountPaise: second.amountPaise,
      currency: 'INR',
    });

    expect(result.outcome === 'fulfilled' && result.purchase).toMatchObject({
      serviceId: SERVICE_ID,
      startDate: '2027-11-22T02:00:00.000Z',
      renewalDate: '2028-11-22T02:00:00.000Z',
    });
    expect(world.services.all()).toEqual([
      expect.objectContaining({ version: 1, renewalDate: '2028-11-22T02:00:00.000Z' }),
    ]);
  });

  const steps = [
    ['extendService', 'services'],
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
        // Once the service has given the payment its period, it is frozen: the retry keeps it.
        if (method === 'extendService' && when === 'before') {
          expectFulfilledOnce(world, '2026-11-22T02:01:00.000Z', '2027-11-22T02:01:00.000Z');
        } else if (method === 'markEventPublished' && when === 'after') {
          // Marked before the crash: the retry keeps the first moment.
          expectFulfilledOnce(world, undefined, undefined, '2026-11-22T02:00:00.000Z');
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

describe('what a fulfilment records, names and logs', () => {
  it('a payment that does not match its order: the reason names both amounts, on the order and in the log', async () => {
    const { world, payment } = await arrange();

    const result = await fulfil(world, { ...payment, amountPaise: 3_538_484 });

    const reason = 'paid 3538484 INR, order is 3538584 INR';
    expect(result).toEqual({ outcome: 'review', reason });
    expect(world.orders.items.get(payment.orderId)).toMatchObject({
      status: 'review',
      reviewPaymentId: PAYMENT_ID,
      reviewReason: reason,
    });
    // What the operator reads to resolve it (the console's review list and the log).
    expect(world.log.lines.filter((l) => l.level === 'warn')).toEqual([
      expect.objectContaining({
        extra: [
          {
            orderId: payment.orderId,
            paymentId: PAYMENT_ID,
            paidAmountPaise: 3_538_484,
            paidCurrency: 'INR',
            orderAmountPaise: 3_538_584,
            orderCurrency: 'INR',
            orderMarkedForReview: true,
          },
        ],
      }),
    ]);
  });

  it("a domain's payment: its service, purchase and PurchaseCompleted name the domain", async () => {
    const world = fakeWorld();
    const order = await world.givenOrder({ planId: 'basicdomain', domain: 'asharao.com' });

    const result = await fulfilPayment(world, order, {
      paymentId: PAYMENT_ID,
      orderId: order.orderId,
      amountPaise: order.amountPaise,
      currency: 'INR',
    });

    const serviceId = serviceIdFor(BUYER.userId, { planId: 'basicdomain', domain: 'asharao.com' });
    expect(result.outcome === 'fulfilled' && result.purchase).toMatchObject({
      serviceId,
      domain: 'asharao.com',
    });
    expect(world.services.all()).toEqual([
      expect.objectContaining({ serviceId, planId: 'basicdomain', domain: 'asharao.com' }),
    ]);
    expect(world.services.all()[0]?.periods[purchaseIdFor(PAYMENT_ID)]).toMatchObject({
      months: 12,
    });
    expect(world.events.published).toEqual([
      expect.objectContaining({ domain: 'asharao.com', serviceId, planId: 'basicdomain' }),
    ]);
  });

  it('extends a domain bought before services were stored from that purchase of the same name', async () => {
    const world = fakeWorld();
    const first = await world.givenOrder({ planId: 'basicdomain', domain: 'asharao.com' });
    await fulfilPayment(world, first, {
      paymentId: PAYMENT_ID,
      orderId: first.orderId,
      amountPaise: first.amountPaise,
      currency: 'INR',
    });
    // As the purchase was recorded then: no service item, no serviceId.
    world.recordedBeforeServices();
    world.setNow(new Date('2027-05-01T10:00:00.000Z'));
    const second = await world.givenOrder({
      orderId: 'order_Second000000',
      planId: 'basicdomain',
      domain: 'asharao.com',
    });

    const result = await fulfilPayment(world, second, {
      paymentId: 'pay_Second',
      orderId: second.orderId,
      amountPaise: second.amountPaise,
      currency: 'INR',
    });

    expect(result.outcome === 'fulfilled' && result.purchase).toMatchObject({
      domain: 'asharao.com',
      startDate: '2027-11-22T02:00:00.000Z',
      renewalDate: '2028-11-22T02:00:00.000Z',
    });
  });

  it("a bundle's name to register is its domain part: no free domain of its own, and nothing to warn of", async () => {
    const world = fakeWorld();
    const order = await world.givenOrder({
      planId: 'standardbundle',
      domain: 'ashaverma.in',
      registerDomain: 'ashaverma.in',
    });

    const result = await fulfilPayment(world, order, {
      paymentId: PAYMENT_ID,
      orderId: order.orderId,
      amountPaise: order.amountPaise,
      currency: 'INR',
    });

    expect(result.outcome).toBe('fulfilled');
    expect(world.purchases.all()[0]).not.toHaveProperty('freeDomain');
    expect(world.events.published[0]).not.toHaveProperty('freeDomain');
    expect(world.services.all().filter((s) => s.partOf === undefined)).toEqual([
      expect.objectContaining({ planId: 'standardbundle' }),
    ]);
    expect(world.log.lines.filter((l) => l.level !== 'info')).toEqual([]);
  });

  it('fulfils an order naming a free domain its plan does not include, making none and saying so', async () => {
    const world = fakeWorld();
    const order = await world.givenOrder({ registerDomain: 'ashaverma.com' });

    const result = await fulfilPayment(world, order, {
      paymentId: PAYMENT_ID,
      orderId: order.orderId,
      amountPaise: order.amountPaise,
      currency: 'INR',
    });

    expect(result.outcome).toBe('fulfilled');
    expect(world.services.all().map((s) => s.planId)).toEqual(['basichosting']);
    expect(world.log.lines.filter((l) => l.level === 'warn')).toEqual([
      {
        level: 'warn',
        message: 'An order names a free domain its plan does not include; none made',
        extra: [{ orderId: order.orderId, planId: 'basichosting' }],
      },
    ]);
  });

  it("a plan change's PurchaseCompleted names the plan it left and the days credited, and only those", async () => {
    const { world, payment } = await arrange();
    const result = await fulfil(world, payment);
    if (result.outcome !== 'fulfilled') throw new Error('not fulfilled');
    const change = {
      fromPlanId: 'basichosting',
      fromPlanName: 'Basic Hosting',
      creditPaise: 1_000_000,
      chargePaise: 2_538_584,
      remainingDays: 200,
      periodDays: 365,
      renewalDate: '2027-11-22T02:00:00.000Z',
      renewalTotalPaise: 4_000_000,
    };

    const detail = purchaseCompletedDetail({
      ...result.purchase,
      quote: { ...result.purchase.quote, change },
    });

    expect(detail.change).toEqual({ fromPlanName: 'Basic Hosting', remainingDays: 200 });
    expect(purchaseCompletedDetail(result.purchase)).not.toHaveProperty('change');
  });

  it("a hosting plan's free domain is a service of its own, announced to converge as the free domain", async () => {
    const world = fakeWorld();
    const order = await world.givenOrder({
      planId: 'premiumhosting',
      registerDomain: 'ashaverma.com',
    });

    await fulfilPayment(world, order, {
      paymentId: PAYMENT_ID,
      orderId: order.orderId,
      amountPaise: order.amountPaise,
      currency: 'INR',
    });

    const serviceId = serviceIdFor(BUYER.userId, {
      planId: 'basicdomain',
      domain: 'ashaverma.com',
    });
    expect(world.services.all().map((s) => s.serviceId)).toContain(serviceId);
    expect(world.events.events.filter((e) => e.detailType === 'ServiceChanged')).toEqual([
      {
        detailType: 'ServiceChanged',
        detail: {
          userId: BUYER.userId,
          serviceId,
          fact: 'free-domain',
          at: '2026-11-22T02:00:00.000Z',
        },
      },
    ]);
  });

  it('logs the purchase as recorded once, by the delivery that recorded it', async () => {
    const { world, payment } = await arrange();

    await Promise.all(Array.from({ length: 5 }, () => fulfil(world, payment)));
    await fulfil(world, payment);

    expect(world.log.lines.filter((l) => l.message === 'Purchase recorded')).toEqual([
      {
        level: 'info',
        message: 'Purchase recorded',
        extra: [
          {
            purchaseId: purchaseIdFor(PAYMENT_ID),
            orderId: payment.orderId,
            planId: 'basichosting',
            serviceId: SERVICE_ID,
            startDate: '2026-11-22T02:00:00.000Z',
            renewalDate: '2027-11-22T02:00:00.000Z',
          },
        ],
      },
    ]);
  });

  it('the checkout callback answers fulfilled when the bus refuses the event, and logs what is left for the webhook', async () => {
    const { world, payment } = await arrange();
    crashOnce(world.events, 'publishPurchaseCompleted');
    const order = await world.orders.getOrder(payment.orderId);
    if (!order) throw new Error('order missing');

    const result = await fulfilPayment(world, order, payment, { onPublishFailure: 'defer' });

    expect(result.outcome).toBe('fulfilled');
    expect(world.purchases.all()[0]?.eventPublishedAt).toBeUndefined();
    expect(world.log.lines.filter((l) => l.level === 'error')).toEqual([
      expect.objectContaining({
        extra: [
          {
            purchaseId: purchaseIdFor(PAYMENT_ID),
            error: 'crash before publishPurchaseCompleted',
          },
        ],
      }),
    ]);
  });
});
