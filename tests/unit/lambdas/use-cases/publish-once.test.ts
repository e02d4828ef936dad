/**
 * PurchaseCompleted once per purchase in the normal case (E28), never none: verify and Razorpay's
 * three webhooks arrive together and one of them publishes; a claimant that crashes or fails is
 * taken over, by the next caller at once when it gave its claim back, after the bounded wait when
 * it did not.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadEventText } from '../../../../events/load-event';
import { handleRazorpayWebhook } from '../../../../lambdas/use-cases/handle-razorpay-webhook';
import {
  fulfilPayment,
  PUBLISH_CLAIM,
  purchaseIdFor,
} from '../../../../lambdas/use-cases/fulfil-payment';
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
const PURCHASE_ID = purchaseIdFor(PAYMENT_ID);

const delivery = (file: string, eventId: string) =>
  signedDelivery(loadEventText(`razorpay/${file}`), eventId, WEBHOOK_SECRET);

const checkoutCallback = () => ({
  razorpay_order_id: ORDER_ID,
  razorpay_payment_id: PAYMENT_ID,
  razorpay_signature: signCheckout(ORDER_ID, PAYMENT_ID, KEY_SECRET),
});

/** A paid order, and a pause that records each wait and returns at once. */
async function arrange() {
  const world = fakeWorld();
  const order = await world.givenOrder();
  world.gateway.givenPayment({ id: PAYMENT_ID, orderId: ORDER_ID, amountPaise: 3_538_584 });
  const waits: number[] = [];
  const deps = {
    ...world,
    pause: async (ms: number) => {
      waits.push(ms);
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
  };
  const payment = {
    paymentId: PAYMENT_ID,
    orderId: ORDER_ID,
    amountPaise: order.amountPaise,
    currency: 'INR',
  };
  return { world, deps, order, payment, waits };
}

/** The purchase recorded by a caller that stopped before publishing (its bus refused, deferred). */
async function recordedUnpublished(world: FakeWorld, deps: Parameters<typeof fulfilPayment>[0]) {
  const order = await world.orders.getOrder(ORDER_ID);
  if (!order) throw new Error('order missing');
  world.events.failuresLeft = 1;
  await fulfilPayment(
    deps,
    order,
    { paymentId: PAYMENT_ID, orderId: ORDER_ID, amountPaise: order.amountPaise, currency: 'INR' },
    { onPublishFailure: 'defer' },
  );
  expect(world.purchases.all()[0]?.eventPublishedAt).toBeUndefined();
  return order;
}

function expectPublishedOnce(world: FakeWorld) {
  expect(world.events.published.map((e) => e.purchaseId)).toEqual([PURCHASE_ID]);
  const stored = world.purchases.all()[0];
  expect(typeof stored?.eventPublishedAt).toBe('string');
  expect(stored?.publishClaim).toBeUndefined();
}

describe('PurchaseCompleted published once (E28)', () => {
  it('verify and the three webhooks arriving together publish it once, and all four succeed', async () => {
    // The real pause (no `pause` given): the others wait for the claimant's mark.
    const world = fakeWorld();
    await world.givenOrder();
    world.gateway.givenPayment({ id: PAYMENT_ID, orderId: ORDER_ID, amountPaise: 3_538_584 });

    const answers = await Promise.all([
      verifyCheckout(world, BUYER.userId, checkoutCallback()),
      handleRazorpayWebhook(world, delivery('payment.authorized.json', 'evt_a')),
      handleRazorpayWebhook(world, delivery('payment.captured.json', 'evt_c')),
      handleRazorpayWebhook(world, delivery('order.paid.json', 'evt_p')),
    ]);

    expect(answers[0]).toMatchObject({ status: 'fulfilled' });
    expect(answers.slice(1)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expectPublishedOnce(world);
    expect(world.processedEvents.ids.size).toBe(3);
  });

  it('a claimant that crashed holding its claim is taken over after the bounded wait', async () => {
    const { world, deps, order, payment, waits } = await arrange();
    await recordedUnpublished(world, deps);
    // Another caller claimed and died before publishing: its lease still runs.
    const dead = await world.purchases.claimEventPublish(
      BUYER.userId,
      PURCHASE_ID,
      world.now(),
      PUBLISH_CLAIM.leaseMs,
    );
    expect(dead.state).toBe('claimed');
    waits.length = 0;

    const result = await fulfilPayment(deps, order, payment);

    expect(result.outcome).toBe('fulfilled');
    expect(waits).toEqual(PUBLISH_CLAIM.waitsMs);
    expectPublishedOnce(world);
  });

  it('a caller finding the claimant marked the purchase during its wait publishes nothing', async () => {
    const { world, deps, order, payment, waits } = await arrange();
    await recordedUnpublished(world, deps);
    await world.purchases.claimEventPublish(BUYER.userId, PURCHASE_ID, world.now(), 10_000);
    waits.length = 0;
    // The claimant is slow: it marks the purchase while the caller waits.
    const pause = async (ms: number) => {
      await deps.pause(ms);
      if (waits.length === 3) {
        await world.purchases.markEventPublished(BUYER.userId, PURCHASE_ID, '2026-11-22T02:00:01Z');
      }
    };

    const result = await fulfilPayment({ ...deps, pause }, order, payment);

    expect(result.outcome).toBe('fulfilled');
    expect(result.outcome === 'fulfilled' && result.purchase.eventPublishedAt).toBe(
      '2026-11-22T02:00:01Z',
    );
    expect(waits).toHaveLength(3);
    expect(world.events.published).toEqual([]);
  });

  describe('the default pause (no `pause` given)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('waits on the clock between reads: the claimant marks it during the first wait and the caller publishes nothing', async () => {
      const { world, deps, order, payment } = await arrange();
      await recordedUnpublished(world, deps);
      await world.purchases.claimEventPublish(BUYER.userId, PURCHASE_ID, world.now(), 10_000);
      vi.useFakeTimers({ toFake: ['setTimeout'] });

      let settled = false;
      const pending = fulfilPayment(world, order, payment).finally(() => (settled = true));
      // The caller finds the live claim and starts its first wait on the (fake) clock.
      while (!settled && vi.getTimerCount() === 0) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      // Just short of the first wait: the caller has neither read again nor published.
      await vi.advanceTimersByTimeAsync(PUBLISH_CLAIM.waitsMs[0]! - 1);
      expect(world.events.published).toEqual([]);
      await world.purchases.markEventPublished(BUYER.userId, PURCHASE_ID, '2026-11-22T02:00:01Z');
      await vi.advanceTimersByTimeAsync(1);
      const result = await pending;

      expect(result.outcome === 'fulfilled' && result.purchase.eventPublishedAt).toBe(
        '2026-11-22T02:00:01Z',
      );
      expect(world.events.published).toEqual([]);
    });
  });

  it('a claim whose lease has lapsed is taken at once, without waiting', async () => {
    const { world, deps, order, payment, waits } = await arrange();
    await recordedUnpublished(world, deps);
    await world.purchases.claimEventPublish(
      BUYER.userId,
      PURCHASE_ID,
      new Date(world.now().getTime() - PUBLISH_CLAIM.leaseMs - 1),
      PUBLISH_CLAIM.leaseMs,
    );
    waits.length = 0;

    const result = await fulfilPayment(deps, order, payment);

    expect(result.outcome).toBe('fulfilled');
    expect(waits).toEqual([]);
    expectPublishedOnce(world);
  });

  it('a webhook whose publish fails answers an error and gives its claim back; the next publishes at once', async () => {
    const { world, deps, waits } = await arrange();
    world.events.failuresLeft = 1;

    await expect(
      handleRazorpayWebhook(deps, delivery('payment.captured.json', 'evt_c')),
    ).rejects.toThrow('EventBridge is unavailable');
    // Not acknowledged: Razorpay delivers it again.
    expect(world.processedEvents.ids.size).toBe(0);
    expect(world.purchases.all()[0]?.publishClaim).toBeUndefined();

    const next = await handleRazorpayWebhook(deps, delivery('order.paid.json', 'evt_p'));

    expect(next).toBe('fulfilled');
    expect(waits).toEqual([]);
    expectPublishedOnce(world);
  });

  it('a claimant whose publish fails while another waits: the waiter publishes, the claimant errs', async () => {
    const { world, deps, order, payment } = await arrange();
    world.events.failuresLeft = 1;

    const results = await Promise.allSettled([
      fulfilPayment(deps, order, payment),
      fulfilPayment(deps, order, payment),
    ]);

    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expectPublishedOnce(world);
  });
});
