/**
 * The payments reconciler's share of the money-back guarantee (D16): a refund intent never waits
 * for the buyer to click Cancel again. A cancel that died after recording its intent, a refunds
 * worker that died mid-way, and a RefundFailed that was lost are all handed back to the worker
 * after the grace, and the worker's claim and its look-up by receipt keep it to one refund at
 * Razorpay however many events arrive.
 */
import { describe, expect, it } from 'vitest';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { handleRazorpayWebhook } from '../../../../lambdas/use-cases/handle-razorpay-webhook';
import {
  RECONCILE_WINDOWS,
  reconcilePayments,
} from '../../../../lambdas/use-cases/reconcile-payments';
import { cancelService } from '../../../../lambdas/use-cases/refunds/cancel-service';
import { completeRefund } from '../../../../lambdas/use-cases/refunds/complete-refund';
import {
  requestRefund,
  retryFailedRefund,
} from '../../../../lambdas/use-cases/refunds/request-refund';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import { InMemoryPanel, InMemoryProvisioningRecords } from '../../../helpers/fakes/provisioning';
import { crashOnce, InMemoryMessagesStore, SimulatedCrash } from '../../../helpers/fakes/stores';
import { BUYER, fakeWorld, WEBHOOK_SECRET } from '../../../helpers/fakes/world';
import { refundWebhook } from '../../../helpers/refund-webhooks';

const BOUGHT_AT = new Date('2026-11-22T02:00:00.000Z');
const MINUTE = 60 * 1000;
const GRACE = RECONCILE_WINDOWS.refundGraceMs;

function world(leaseMs = 30_000) {
  const base = fakeWorld(BOUGHT_AT);
  return Object.assign(base, {
    messages: new InMemoryMessagesStore(),
    provisioning: new InMemoryProvisioningRecords({ services: base.services }),
    panel: new InMemoryPanel(),
    siteUrl: () => 'https://store.example.in',
    leaseMs,
    delivered: 0,
  });
}
type World = ReturnType<typeof world>;

/** A paid Basic Hosting order, fulfilled, then a day later the buyer cancels. */
async function boughtYesterday(w: World) {
  const order = await w.givenOrder({ orderId: 'order_Rcn0000001', receipt: 'rcpt_rcn_000001' });
  const paymentId = 'pay_Rcn0000001';
  w.gateway.givenPayment({ id: paymentId, orderId: order.orderId, amountPaise: order.amountPaise });
  const result = await fulfilPayment(w, order, {
    paymentId,
    orderId: order.orderId,
    amountPaise: order.amountPaise,
    currency: 'INR',
  });
  if (result.outcome !== 'fulfilled' || !result.purchase.serviceId)
    throw new Error('not fulfilled');
  w.delivered = w.events.events.length; // the purchase's own events are not the refunds worker's
  advance(w, 24 * 60 * MINUTE);
  return { paymentId, serviceId: result.purchase.serviceId, amountPaise: order.amountPaise };
}

function advance(w: World, ms: number): Date {
  w.setNow(new Date(w.now().getTime() + ms));
  return w.now();
}

const cancel = (w: World, serviceId: string) =>
  cancelService(w, { userId: BUYER.userId, serviceId, origin: 'buyer' });

const reconcileAt = (w: World, ms: number) => reconcilePayments(w, advance(w, ms));

/** Delivers the bus's refund events to the worker, as EventBridge would, until none are left. */
async function drainBus(w: World) {
  while (w.delivered < w.events.events.length) {
    const event = w.events.events[w.delivered];
    w.delivered += 1;
    if (!event) continue;
    const detail = event.detail as {
      userId: string;
      refundKey: string;
      attempt: number;
      serviceId: string;
      why: 'cancelled' | 'refunded' | 'dispute_lost';
    };
    if (event.detailType === 'RefundRequested') await requestRefund(w, detail);
    if (event.detailType === 'RefundFailed') await retryFailedRefund(w, detail);
    if (event.detailType === 'RefundCompleted') await completeRefund(w, detail);
    if (event.detailType === 'ServiceCancelled' || event.detailType === 'ServiceChanged') {
      await convergeService({ ...w, records: w.provisioning }, detail, {
        deliveryId: `evt_${w.delivered}`,
        rethrow: true,
      });
    }
  }
}

const published = (w: World, detailType: string) =>
  w.events.events.filter((e) => e.detailType === detailType);
const gatewayRefunds = (w: World, paymentId: string) =>
  [...w.gateway.refunds.values()].filter((r) => r.paymentId === paymentId);
const startedMails = (w: World) =>
  w.mailer.sent.filter((m) => m.to === BUYER.email && /has started/.test(m.subject));

describe('the reconciler hands unfinished refunds back to the worker', () => {
  it.each([
    ['services.withdrawPeriods', 'before'],
    ['users.replaceCurrentPlan', 'before'],
    ['events.publish', 'before'],
  ] as const)(
    'a cancel that died at %s (%s): carried out after the grace, one refund, no second click',
    async (target, when) => {
      const w = world();
      const { paymentId, serviceId, amountPaise } = await boughtYesterday(w);
      const clickedAt = w.now().toISOString();
      const [store, method] = target.split('.') as ['services' | 'users' | 'events', string];
      crashOnce(w[store] as object, method as never, when);
      await expect(cancel(w, serviceId)).rejects.toBeInstanceOf(SimulatedCrash);

      const early = await reconcileAt(w, GRACE - MINUTE);
      const due = await reconcileAt(w, 2 * MINUTE);
      await drainBus(w);
      const after = await reconcileAt(w, 30 * MINUTE);
      await drainBus(w);

      expect(early.refundsRepublished).toBe(0);
      expect(due).toMatchObject({ refundsRepublished: 1, repaired: 1 });
      expect(after).toMatchObject({ refundsRepublished: 0, repaired: 0 });
      expect(published(w, 'RefundRequested')).toHaveLength(1);
      expect(published(w, 'ServiceCancelled')).toHaveLength(1);
      const made = gatewayRefunds(w, paymentId);
      expect(made).toEqual([
        expect.objectContaining({ amountPaise, receipt: `refund:${paymentId}` }),
      ]);
      expect(await w.refunds.get(BUYER.userId, paymentId)).toMatchObject({
        status: 'pending',
        gatewayRefundId: made[0]?.id,
      });
      // The service ended as of the click, not of the repair, and the buyer holds no plan.
      expect(await w.services.getService(BUYER.userId, serviceId)).toMatchObject({
        cancelledAt: clickedAt,
      });
      expect((await w.users.getUser(BUYER.userId))?.currentPlan).toBeUndefined();
      expect(startedMails(w)).toHaveLength(1);
      expect(await w.refunds.listAwaitingWorker(w.now().toISOString(), 10)).toEqual([]);
    },
  );

  it('a worker that died after Razorpay made the refund: the repeat and the bus retry adopt it', async () => {
    const w = world();
    const { paymentId, serviceId } = await boughtYesterday(w);
    await cancel(w, serviceId);
    crashOnce(w.gateway, 'createRefund', 'after');
    await expect(drainBus(w)).rejects.toBeInstanceOf(SimulatedCrash);
    const original = w.events.events.find((e) => e.detailType === 'RefundRequested');

    const summary = await reconcileAt(w, GRACE + MINUTE);
    // The reconciler's event and a late retry of the original both reach the worker.
    if (original) w.events.events.push(original);
    await drainBus(w);

    expect(summary.refundsRepublished).toBe(1);
    expect(published(w, 'RefundRequested')).toHaveLength(3);
    const made = gatewayRefunds(w, paymentId);
    expect(made).toHaveLength(1);
    expect((await w.refunds.get(BUYER.userId, paymentId))?.gatewayRefundId).toBe(made[0]?.id);
    expect(startedMails(w)).toHaveLength(1);
    expect(w.log.lines).toContainEqual(
      expect.objectContaining({
        message: 'Refund found at Razorpay by its receipt; not made again',
      }),
    );
  });

  it('leaves a refund alone while the worker’s claim on it is live; takes over once it lapses', async () => {
    const w = world(20 * MINUTE);
    const { paymentId, serviceId } = await boughtYesterday(w);
    await cancel(w, serviceId);
    // A worker took the Razorpay step and its process died: the claim holds for its lease.
    w.delivered = w.events.events.length;
    await w.refunds.claimStep(BUYER.userId, paymentId, 'gateway:1', w.now(), w.leaseMs);

    const held = await reconcileAt(w, GRACE + MINUTE);
    const lapsed = await reconcileAt(w, 10 * MINUTE);
    await drainBus(w);

    expect(held.refundsRepublished).toBe(0);
    expect(lapsed.refundsRepublished).toBe(1);
    expect(gatewayRefunds(w, paymentId)).toHaveLength(1);
    expect(await w.refunds.get(BUYER.userId, paymentId)).toMatchObject({ status: 'pending' });
  });

  it('Razorpay failed the refund and RefundFailed was lost: retried once, with the next receipt', async () => {
    const w = world();
    const { paymentId, serviceId } = await boughtYesterday(w);
    await cancel(w, serviceId);
    await drainBus(w);
    const [first] = gatewayRefunds(w, paymentId);
    if (!first) throw new Error('no refund made');
    const { refund, payment } = w.gateway.settleRefund(first.id, 'failed');
    await handleRazorpayWebhook(
      w,
      refundWebhook('refund.failed', refund, payment, 'evt_rcn_failed', WEBHOOK_SECRET),
    );
    w.delivered = w.events.events.length; // RefundFailed never reached the worker

    const summary = await reconcileAt(w, GRACE + MINUTE);
    await drainBus(w);
    const again = await reconcileAt(w, GRACE + MINUTE);

    expect(summary.refundsRepublished).toBe(1);
    expect(again.refundsRepublished).toBe(0);
    const made = gatewayRefunds(w, paymentId);
    expect(made.map((r) => r.receipt)).toEqual([`refund:${paymentId}`, `refund:${paymentId}:2`]);
    expect(await w.refunds.get(BUYER.userId, paymentId)).toMatchObject({
      attempt: 2,
      status: 'pending',
      gatewayRefundId: made[1]?.id,
    });
  });

  it('a refund Razorpay processed, or an operator holds, leaves the list without an event', async () => {
    const w = world();
    const { paymentId, serviceId } = await boughtYesterday(w);
    await cancel(w, serviceId);
    crashOnce(w.refunds, 'finishedByWorker', 'before');
    await expect(drainBus(w)).rejects.toBeInstanceOf(SimulatedCrash);
    await w.refunds.settle(BUYER.userId, paymentId, 1, {
      status: 'processed',
      at: w.now().toISOString(),
    });
    const events = w.events.events.length;

    const summary = await reconcileAt(w, GRACE + MINUTE);

    expect(summary.refundsRepublished).toBe(0);
    expect(w.events.events).toHaveLength(events);
    expect(await w.refunds.listAwaitingWorker(w.now().toISOString(), 10)).toEqual([]);
  });
});
