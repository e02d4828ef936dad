/**
 * How much a cancel gives back when Razorpay's dashboard refunded part of the payment first, and
 * the worker's check that the payment still holds the refund before asking Razorpay for it: the
 * amounts at their edges (docs/mutation.md names the mutants these kill).
 */
import { describe, expect, it } from 'vitest';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { handleRazorpayWebhook } from '../../../../lambdas/use-cases/handle-razorpay-webhook';
import { cancelService } from '../../../../lambdas/use-cases/refunds/cancel-service';
import { requestRefund } from '../../../../lambdas/use-cases/refunds/request-refund';
import { InMemoryPanel, InMemoryProvisioningRecords } from '../../../helpers/fakes/provisioning';
import { BUYER, fakeWorld, WEBHOOK_SECRET } from '../../../helpers/fakes/world';
import { refundWebhook } from '../../../helpers/refund-webhooks';

const BOUGHT_AT = new Date('2026-11-22T02:00:00.000Z');
// 12 months of Basic Hosting: ₹35,385.84 with GST.
const PAID = 3_538_584;

function world() {
  const base = fakeWorld(BOUGHT_AT);
  return Object.assign(base, {
    provisioning: new InMemoryProvisioningRecords({ services: base.services }),
    panel: new InMemoryPanel(),
    siteUrl: () => 'https://store.example.in',
    leaseMs: 30_000,
  });
}
type World = ReturnType<typeof world>;

let orders = 0;
async function bought(w: World) {
  orders += 1;
  const n = String(orders).padStart(6, '0');
  const orderId = `order_Amount${n}`;
  const paymentId = `pay_Amount${n}`;
  const order = await w.givenOrder({
    orderId,
    planId: 'basichosting',
    months: 12,
    receipt: `rcpt_amount_${n}`,
  });
  w.gateway.givenPayment({ id: paymentId, orderId, amountPaise: order.amountPaise });
  const result = await fulfilPayment(w, order, {
    paymentId,
    orderId,
    amountPaise: order.amountPaise,
    currency: 'INR',
  });
  if (result.outcome !== 'fulfilled' || !result.purchase.serviceId) throw new Error('not bought');
  expect(order.amountPaise).toBe(PAID);
  return { paymentId, serviceId: result.purchase.serviceId };
}

let events = 0;
/** Razorpay ends a refund made in its dashboard and sends the webhook. */
async function dashboardRefund(
  w: World,
  paymentId: string,
  amountPaise: number,
  outcome: 'processed' | 'failed',
) {
  const made = w.gateway.givenDashboardRefund(paymentId, amountPaise);
  const { refund, payment } = w.gateway.settleRefund(made.id, outcome);
  events += 1;
  await handleRazorpayWebhook(
    w,
    refundWebhook(`refund.${outcome}`, refund, payment, `evt_amount_${events}`, WEBHOOK_SECRET),
  );
}

const cancel = (w: World, serviceId: string) =>
  cancelService(w, { userId: BUYER.userId, serviceId, reason: 'Not for me', origin: 'buyer' });

describe('a cancel after refunds made in Razorpay’s dashboard', () => {
  it('counts a dashboard refund that failed as nothing given back: the whole payment is refunded', async () => {
    const w = world();
    const { paymentId, serviceId } = await bought(w);
    await dashboardRefund(w, paymentId, 100_000, 'failed');

    const answer = await cancel(w, serviceId);

    expect(answer.refund.amountPaise).toBe(PAID);
  });

  it('counts a processed one: only the rest is refunded, and the worker asks Razorpay for exactly that', async () => {
    const w = world();
    const { paymentId, serviceId } = await bought(w);
    await dashboardRefund(w, paymentId, 100_000, 'processed');

    const answer = await cancel(w, serviceId);
    // The payment holds exactly the refund: enough.
    const outcome = await requestRefund(w, { userId: BUYER.userId, refundKey: paymentId });

    expect(answer.refund.amountPaise).toBe(PAID - 100_000);
    expect(outcome).toBe('requested');
    const made = [...w.gateway.refunds.values()].filter((r) => r.receipt === `refund:${paymentId}`);
    expect(made.map((r) => r.amountPaise)).toEqual([PAID - 100_000]);
  });

  it('hands a payment to an operator when it holds a paisa less than the refund, making none', async () => {
    const w = world();
    const { paymentId, serviceId } = await bought(w);
    await cancel(w, serviceId);
    // Refunded in the dashboard after the cancel: one paisa short of the store's refund.
    w.gateway.givenDashboardRefund(paymentId, 1);

    const outcome = await requestRefund(w, { userId: BUYER.userId, refundKey: paymentId });

    expect(outcome).toBe('needs_operator');
    expect([...w.gateway.refunds.values()].filter((r) => r.receipt !== null)).toEqual([]);
  });
});
