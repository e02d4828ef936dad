/**
 * One contract for the orders port, run against the in-memory fake the use-case specs use and the
 * DynamoDB adapter on dynalite: every move of an order's status, from every status, so neither
 * can drift from the domain's rule (lambdas/domain/order.ts) nor from each other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoOrdersStore } from '../../../lambdas/adapters/dynamodb/orders-table';
import { CATALOG } from '../../../lambdas/domain/catalog';
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  canMoveOrder,
  type OrderMarkStatus,
  type OrderStatus,
} from '../../../lambdas/domain/order';
import { quote } from '../../../lambdas/domain/pricing';
import type { OrderRecord, OrdersStore } from '../../../lambdas/ports/orders';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryOrdersStore } from '../../helpers/fakes/stores';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

let seq = 0;
function newOrder(overrides: Partial<OrderRecord> = {}): OrderRecord {
  seq += 1;
  const plan = CATALOG.find((p) => p.id === 'basichosting');
  if (!plan) throw new Error('catalog has no basichosting');
  const q = quote(plan, 12);
  return {
    orderId: `order_Contract${String(seq).padStart(6, '0')}`,
    receipt: `rcpt_contract${seq}`,
    userId: `user-${seq}`,
    email: 'asha.verma@example.in',
    name: 'Asha Verma',
    planId: plan.id,
    planName: plan.name,
    category: plan.category,
    months: 12,
    quote: q,
    amountPaise: q.totalPaise,
    currency: 'INR',
    status: 'created',
    createdAt: '2026-11-22T01:00:00.000Z',
    updatedAt: '2026-11-22T01:00:00.000Z',
    ...overrides,
  };
}

const AT = '2026-11-22T02:00:00.000Z';
const MARKS = [
  'paid',
  'failed',
  'review',
  'refunded',
] as const satisfies readonly OrderMarkStatus[];

/**
 * The rule as the business states it, written out once more on purpose: the domain's table must
 * say the same (first spec), and both stores must do what it says (the rest).
 */
const ALLOWED: Record<OrderStatus, readonly OrderMarkStatus[]> = {
  created: ['paid', 'failed', 'review'],
  failed: ['paid', 'failed', 'review'],
  review: ['paid', 'review', 'refunded'],
  paid: [],
  refunded: [],
};

function mark(store: OrdersStore, to: OrderMarkStatus, orderId: string, paymentId: string) {
  const m = { orderId, paymentId, at: AT, reason: `${to} reason` };
  if (to === 'paid') return store.markPaid(m);
  if (to === 'failed') return store.markFailed(m);
  if (to === 'refunded') return store.markRefunded(m);
  return store.markReview(m);
}

describe('the order rule (lambdas/domain/order.ts)', () => {
  it.each(ORDER_STATUSES)('from %s allows exactly what the business allows', (from) => {
    expect(MARKS.filter((to) => canMoveOrder(from, to))).toEqual(ALLOWED[from]);
  });

  it('never leaves paid, and no mark moves an order back to created', () => {
    expect(Object.values(ORDER_TRANSITIONS).some((froms) => froms.includes('paid'))).toBe(false);
    expect(Object.keys(ORDER_TRANSITIONS)).not.toContain('created');
  });
});

function ordersContract(make: () => OrdersStore) {
  it('stores an order once and refuses the same id again', async () => {
    const store = make();
    const order = newOrder();
    await store.putOrder(order);

    await expect(store.putOrder({ ...order, amountPaise: 1 })).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
    expect(await store.getOrder(order.orderId)).toEqual(order);
    expect(await store.getOrder('order_Unknown')).toBeUndefined();
  });

  it("lists only the buyer's orders, newest first", async () => {
    const store = make();
    const older = newOrder({ userId: 'lister', createdAt: '2026-11-20T01:00:00.000Z' });
    const newer = newOrder({ userId: 'lister', createdAt: '2026-11-21T01:00:00.000Z' });
    await store.putOrder(older);
    await store.putOrder(newer);
    await store.putOrder(newOrder({ userId: 'someone-else' }));

    const listed = await store.listOrdersForUser('lister');

    expect(listed.map((o) => o.orderId)).toEqual([newer.orderId, older.orderId]);
  });

  it("lists the buyer's orders now failed or in review, last moved first, as the dashboard shows them", async () => {
    const store = make();
    const at = (minute: number) => `2026-11-22T02:${String(minute).padStart(2, '0')}:00.000Z`;
    const move = async (to: OrderMarkStatus, orderId: string, minute: number) => {
      const m = { orderId, paymentId: `pay_${orderId.slice(-6)}${minute}`, at: at(minute) };
      const moved = await (to === 'paid'
        ? store.markPaid(m)
        : to === 'failed'
          ? store.markFailed({ ...m, reason: 'Card declined' })
          : to === 'review'
            ? store.markReview({ ...m, reason: 'Amount differs' })
            : store.markRefunded({ ...m, reason: 'Given back' }));
      if (!moved) throw new Error(`could not mark ${orderId} ${to}`);
    };
    const order = async () => {
      const o = newOrder({ userId: 'unsettled' });
      await store.putOrder(o);
      return o;
    };
    const [created, failed, review, failedThenPaid, refunded, failedThenReview] = [
      await order(),
      await order(),
      await order(),
      await order(),
      await order(),
      await order(),
    ];
    await move('failed', failed.orderId, 1);
    await move('review', review.orderId, 2);
    await move('failed', failedThenPaid.orderId, 3);
    await move('paid', failedThenPaid.orderId, 4);
    await move('review', refunded.orderId, 5);
    await move('refunded', refunded.orderId, 6);
    await move('failed', failedThenReview.orderId, 7);
    await move('review', failedThenReview.orderId, 8);
    const elsewhere = newOrder({ userId: 'someone-else' });
    await store.putOrder(elsewhere);
    await move('failed', elsewhere.orderId, 9);

    const listed = await store.listUnsettledOrders('unsettled');

    const shown = (o: OrderRecord) => ({
      orderId: o.orderId,
      userId: 'unsettled',
      planName: o.planName,
      amountPaise: o.amountPaise,
    });
    expect(listed).toEqual([
      {
        ...shown(failedThenReview),
        status: 'review',
        updatedAt: at(8),
        failedPaymentId: `pay_${failedThenReview.orderId.slice(-6)}7`,
        reviewPaymentId: `pay_${failedThenReview.orderId.slice(-6)}8`,
      },
      {
        ...shown(review),
        status: 'review',
        updatedAt: at(2),
        reviewPaymentId: `pay_${review.orderId.slice(-6)}2`,
      },
      {
        ...shown(failed),
        status: 'failed',
        updatedAt: at(1),
        failedPaymentId: `pay_${failed.orderId.slice(-6)}1`,
      },
    ]);
    expect(listed.map((o) => o.orderId)).not.toContain(created.orderId);
  });

  for (const from of ORDER_STATUSES) {
    for (const to of MARKS) {
      const allowed = ALLOWED[from].includes(to);
      it(`${allowed ? 'moves' : 'never moves'} an order from ${from} to ${to}`, async () => {
        const store = make();
        const order = newOrder({ status: from });
        await store.putOrder(order);

        const moved = await mark(store, to, order.orderId, 'pay_Contract1');

        expect(moved).toBe(allowed);
        const stored = await store.getOrder(order.orderId);
        if (allowed) {
          expect(stored).toEqual({
            ...order,
            status: to,
            updatedAt: AT,
            ...(to === 'paid' && { paymentId: 'pay_Contract1', paidAt: AT }),
            ...(to === 'failed' && {
              failedPaymentId: 'pay_Contract1',
              failureReason: 'failed reason',
            }),
            ...(to === 'review' && {
              reviewPaymentId: 'pay_Contract1',
              reviewReason: 'review reason',
            }),
            ...(to === 'refunded' && {
              refundedPaymentId: 'pay_Contract1',
              refundReason: 'refunded reason',
            }),
          });
        } else {
          expect(stored).toEqual(order);
        }
      });
    }
  }

  it('keeps the first payment of a paid order; a late failure or mismatch changes nothing', async () => {
    const store = make();
    const order = newOrder();
    await store.putOrder(order);

    expect(await mark(store, 'failed', order.orderId, 'pay_Declined')).toBe(true);
    expect(await mark(store, 'paid', order.orderId, 'pay_First')).toBe(true);
    expect(await mark(store, 'paid', order.orderId, 'pay_Second')).toBe(false);
    expect(await mark(store, 'failed', order.orderId, 'pay_Late')).toBe(false);
    expect(await mark(store, 'review', order.orderId, 'pay_Odd')).toBe(false);

    expect(await store.getOrder(order.orderId)).toMatchObject({
      status: 'paid',
      paymentId: 'pay_First',
      failedPaymentId: 'pay_Declined',
    });
  });

  it("forgets a transfer's auth code when the order is paid, not before (D23)", async () => {
    const store = make();
    const order = newOrder({ transferAuthCode: 'Xy7-secret' });
    await store.putOrder(order);
    await mark(store, 'failed', order.orderId, 'pay_first');
    expect((await store.getOrder(order.orderId))?.transferAuthCode).toBe('Xy7-secret');

    await mark(store, 'paid', order.orderId, 'pay_second');
    const paid = await store.getOrder(order.orderId);
    expect(paid?.status).toBe('paid');
    expect(paid).not.toHaveProperty('transferAuthCode');
  });

  it("lists and forgets an unpaid transfer's auth code once the order has not moved, never a paid or moving one's (D23)", async () => {
    const store = make();
    // Their own month, so that no other case's orders fall in the window.
    const old = '2026-10-05T01:00:00.000Z';
    const window = {
      movedSince: '2026-10-05T00:00:00.000Z',
      movedBefore: '2026-10-05T02:00:00.000Z',
    };
    const left = newOrder({ transferAuthCode: 'Left-code', transferIn: true, updatedAt: old });
    const failed = newOrder({
      transferAuthCode: 'Failed-code',
      transferIn: true,
      status: 'failed',
      updatedAt: old,
    });
    const moving = newOrder({
      transferAuthCode: 'Moving-code',
      transferIn: true,
      updatedAt: '2026-10-05T03:00:00.000Z',
    });
    const plain = newOrder({ updatedAt: old });
    const review = newOrder({ transferAuthCode: 'Review-code', status: 'review', updatedAt: old });
    for (const order of [left, failed, moving, plain, review]) await store.putOrder(order);

    expect(new Set(await store.listUnpaidTransferCodes({ ...window, limit: 10 }))).toEqual(
      new Set([left.orderId, failed.orderId]),
    );
    expect(await store.listUnpaidTransferCodes({ ...window, limit: 1 })).toHaveLength(1);

    expect(await store.forgetTransferCode(left.orderId, window.movedBefore)).toBe(true);
    expect(await store.forgetTransferCode(failed.orderId, window.movedBefore)).toBe(true);
    // Moved since (a payment attempt a moment ago), under review (a payment held), or gone already.
    expect(await store.forgetTransferCode(moving.orderId, window.movedBefore)).toBe(false);
    expect(await store.forgetTransferCode(review.orderId, window.movedBefore)).toBe(false);
    expect(await store.forgetTransferCode(left.orderId, window.movedBefore)).toBe(false);
    expect(await store.forgetTransferCode('order_Ghost', window.movedBefore)).toBe(false);

    const forgotten = await store.getOrder(left.orderId);
    expect(forgotten).not.toHaveProperty('transferAuthCode');
    expect(forgotten).toMatchObject({ status: 'created', transferIn: true, updatedAt: old });
    expect(await store.getOrder(failed.orderId)).not.toHaveProperty('transferAuthCode');
    expect((await store.getOrder(moving.orderId))?.transferAuthCode).toBe('Moving-code');
    expect((await store.getOrder(review.orderId))?.transferAuthCode).toBe('Review-code');
    expect(await store.listUnpaidTransferCodes({ ...window, limit: 10 })).toEqual([]);
    // A paid order never holds one to forget.
    await mark(store, 'paid', moving.orderId, 'pay_Moving');
    expect(await store.forgetTransferCode(moving.orderId, '2026-12-01T00:00:00.000Z')).toBe(false);
  });

  it('marks no order that does not exist, and creates none', async () => {
    const store = make();

    for (const to of MARKS) expect(await mark(store, to, 'order_Ghost', 'pay_Ghost')).toBe(false);
    expect(await store.getOrder('order_Ghost')).toBeUndefined();
  });

  it('lets one of many simultaneous payments pay an order', async () => {
    const store = make();
    const order = newOrder();
    await store.putOrder(order);

    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => mark(store, 'paid', order.orderId, `pay_Racer${n}`)),
    );

    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true) + 1;
    expect((await store.getOrder(order.orderId))?.paymentId).toBe(`pay_Racer${winner}`);
  });
}

describe('OrdersStore (in memory)', () => ordersContract(() => new InMemoryOrdersStore()));
describe('OrdersStore (DynamoDB on dynalite)', () =>
  ordersContract(() => new DynamoOrdersStore(db.client, db.table('orders'))));
