/**
 * The console's Today counts every refund of India's day, whoever made it: a buyer's cancellation,
 * the console's refund of an order in review, and a refund made in Razorpay's dashboard. Disputes,
 * refunds handed to an operator after failing, and other days' refunds are left out.
 */
import { describe, expect, it } from 'vitest';
import { reviewRefundReceipt } from '../../../../lambdas/domain/admin';
import { refundReceipt } from '../../../../lambdas/domain/refunds';
import type { RefundRecord } from '../../../../lambdas/ports/refunds';
import { summariseToday } from '../../../../lambdas/use-cases/admin/today';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { handleRazorpayWebhook } from '../../../../lambdas/use-cases/handle-razorpay-webhook';
import { cancelService } from '../../../../lambdas/use-cases/refunds/cancel-service';
import { InMemoryAuditLog } from '../../../helpers/fakes/audit';
import { InMemoryProvisioningRecords } from '../../../helpers/fakes/provisioning';
import { InMemoryMessagesStore } from '../../../helpers/fakes/stores';
import { BUYER, fakeWorld, WEBHOOK_SECRET } from '../../../helpers/fakes/world';
import { refundWebhook } from '../../../helpers/refund-webhooks';

// 04:00 UTC is 09:30 in India on 22 November; India's day began at 18:30 UTC on the 21st.
const NOW = new Date('2026-11-22T04:00:00.000Z');

function todayWorld() {
  const world = fakeWorld(new Date('2026-11-22T01:00:00.000Z'));
  return Object.assign(world, {
    messages: new InMemoryMessagesStore(),
    records: new InMemoryProvisioningRecords({ services: world.services }),
    audit: new InMemoryAuditLog(),
    newId: () => 'entry-1',
  });
}
type World = ReturnType<typeof todayWorld>;

async function bought(world: World, n: number, planId = 'basichosting') {
  const order = await world.givenOrder({
    orderId: `order_Today00000${n}`,
    receipt: `rcpt_today_${n}`,
    planId,
  });
  const paymentId = `pay_Today00000${n}`;
  world.gateway.givenPayment({
    id: paymentId,
    orderId: order.orderId,
    amountPaise: order.amountPaise,
  });
  const result = await fulfilPayment(world, order, {
    paymentId,
    orderId: order.orderId,
    amountPaise: order.amountPaise,
    currency: 'INR',
  });
  if (result.outcome !== 'fulfilled' || !result.purchase.serviceId)
    throw new Error('not fulfilled');
  return { order, paymentId, serviceId: result.purchase.serviceId };
}

/** A record of the refunds table as another day or kind left it. */
function recorded(
  overrides: Partial<RefundRecord> & Pick<RefundRecord, 'refundKey'>,
): RefundRecord {
  return {
    userId: BUYER.userId,
    kind: 'store',
    paymentId: overrides.refundKey.split('#')[0] ?? overrides.refundKey,
    orderId: 'order_Elsewhere0001',
    origin: 'buyer',
    paidPaise: 3_538_584,
    amountPaise: 3_538_584,
    deductionPaise: 0,
    status: 'requested',
    attempt: 1,
    receipt: refundReceipt(overrides.refundKey, 1),
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    done: {},
    claims: {},
    ...overrides,
  };
}

describe("Today's refunds", () => {
  it('counts a cancellation, a console refund and a dashboard refund of the day, by origin', async () => {
    const world = todayWorld();
    // A buyer cancels Basic Hosting (₹35,385.84 back).
    const hosting = await bought(world, 1);
    const cancelled = await cancelService(world, {
      userId: BUYER.userId,
      serviceId: hosting.serviceId,
      origin: 'buyer',
    });
    // Razorpay's dashboard gives ₹1,000 of a VPS payment back.
    const vps = await bought(world, 2, 'basicvps');
    const dashboard = world.gateway.givenDashboardRefund(vps.paymentId, 100_000);
    const { refund, payment } = world.gateway.settleRefund(dashboard.id, 'processed');
    await handleRazorpayWebhook(
      world,
      refundWebhook('refund.processed', refund, payment, 'evt_today_1', WEBHOOK_SECRET),
    );
    // An operator refunds an order in review from the console (₹25,000 back).
    const review = await world.givenOrder({ orderId: 'order_Today000003', receipt: 'rcpt_t3' });
    world.gateway.givenPayment({
      id: 'pay_Today000003',
      orderId: review.orderId,
      amountPaise: 2_500_000,
    });
    await world.gateway.createRefund('pay_Today000003', {
      amountPaise: 2_500_000,
      receipt: reviewRefundReceipt(review.orderId),
      notes: {},
    });
    const mark = {
      orderId: review.orderId,
      paymentId: 'pay_Today000003',
      reason: 'Amount differs',
    };
    await world.orders.markReview({ ...mark, at: world.now().toISOString() });
    await world.orders.markRefunded({ ...mark, at: '2026-11-22T03:00:00.000Z' });
    // Not today's, or not money going back.
    await world.refunds.create(
      recorded({ refundKey: 'pay_Yesterday0001', createdAt: '2026-11-21T18:29:59.999Z' }),
    );
    await world.refunds.create(
      recorded({ refundKey: 'pay_Disputed00001#disp_1', kind: 'dispute', status: 'pending' }),
    );
    await world.refunds.create(
      recorded({ refundKey: 'pay_Refused000001', status: 'failed', attention: 'yes' }),
    );
    world.setNow(NOW);

    const today = await summariseToday(world);

    expect(today.refunds).toEqual({
      count: 3,
      totalPaise: cancelled.refund.amountPaise + 100_000 + 2_500_000,
      byOrigin: { buyer: 1, razorpay: 1, operator: 1 },
    });
    expect(cancelled.refund.amountPaise).toBe(3_538_584);
  });

  it('a store refund Razorpay failed and is trying again still counts; a failed dashboard one does not', async () => {
    const world = todayWorld();
    await world.refunds.create(
      recorded({ refundKey: 'pay_Retrying00001', status: 'failed', attempt: 2 }),
    );
    await world.refunds.create(
      recorded({
        refundKey: 'pay_Dashboard0001#rfnd_1',
        kind: 'outside',
        origin: 'razorpay',
        status: 'failed',
        amountPaise: 50_000,
      }),
    );
    world.setNow(NOW);

    const today = await summariseToday(world);

    expect(today.refunds).toEqual({ count: 1, totalPaise: 3_538_584, byOrigin: { buyer: 1 } });
  });
});
