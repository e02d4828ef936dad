import type { TodaySummary } from '../../domain/admin';
import type { Category } from '../../domain/plan';
import { istDate, startOfIstDay } from '../../domain/renewals';
import type { OrdersStore } from '../../ports/orders';
import type { PaymentGateway } from '../../ports/payment-gateway';
import type { PurchasesStore } from '../../ports/purchases';
import type { RefundOrigin, RefundRecord, RefundsStore } from '../../ports/refunds';
import type { ServicesStore } from '../../ports/services';
import { reviewRefundReceipt } from '../../domain/admin';
import { purchaseIdFor } from '../fulfil-payment';
import type { DeadLettersDeps } from './dead-letters';
import { listStuck } from './dead-letters';
import { listOutOfStep } from './service-life';
import { saleKindOf } from './reports';

export interface TodayDeps extends DeadLettersDeps {
  orders: OrdersStore;
  purchases: PurchasesStore;
  services: ServicesStore;
  gateway: PaymentGateway;
  refunds: Pick<RefundsStore, 'listNeedingAttention' | 'listMadeBetween'>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** More paid orders in a day than a two-person business sees in a month. */
const DAY_LIMIT = 1000;

/**
 * India's calendar day so far: the orders paid today and their amounts, every refund asked for
 * today, the services that began today by category, and what waits for a person. Read from the
 * orders' byStatus index (orders moved today) and the refunds' byDay index, never a scan; only the
 * console's refunds of orders in review (a few a day) are asked of Razorpay, as only it holds
 * their amounts. Stuck counts the services out of step for 15 minutes or more too (D22).
 */
export async function summariseToday(deps: TodayDeps): Promise<TodaySummary> {
  const now = deps.now();
  const from = startOfIstDay(now);
  const to = new Date(from.getTime() + DAY_MS);
  const since = from.toISOString();
  const inDay = (iso: string | undefined) =>
    iso !== undefined && iso >= since && iso < to.toISOString();

  const [paidMoved, refundedMoved, inReview, stuck, outOfStep, recorded] = await Promise.all([
    deps.orders.listOrdersByStatus('paid', { limit: DAY_LIMIT, movedSince: since }),
    deps.orders.listOrdersByStatus('refunded', { limit: DAY_LIMIT, movedSince: since }),
    deps.orders.listOrdersByStatus('review', { limit: DAY_LIMIT }),
    listStuck(deps),
    listOutOfStep(deps),
    deps.refunds.listMadeBetween(since, to.toISOString()),
  ]);
  const paid = paidMoved.filter((order) => inDay(order.paidAt ?? order.updatedAt));

  const byCategory: Partial<Record<Category, number>> = {};
  let newServices = 0;
  const sales = { new: 0, renewal: 0, planChange: 0 };
  await Promise.all(
    paid.map(async (order) => {
      if (!order.paymentId) return;
      const purchase = await deps.purchases.getPurchase(
        order.userId,
        purchaseIdFor(order.paymentId),
      );
      if (!purchase) return;
      // What the buyer bought, as priced: a renewal (or a plan change) is never a new service,
      // even when its service item was first written today (a buyer from before services).
      const kind = saleKindOf(purchase);
      if (kind === 'renewal') sales.renewal += 1;
      else if (kind === 'plan_change') sales.planChange += 1;
      else {
        sales.new += 1;
        newServices += 1;
        byCategory[purchase.category] = (byCategory[purchase.category] ?? 0) + 1;
      }
    }),
  );

  const refundedPaise = await Promise.all(
    refundedMoved
      .filter((order) => inDay(order.updatedAt) && order.refundedPaymentId)
      .map(async (order) => {
        const refunds = await deps.gateway.listRefunds(order.refundedPaymentId as string);
        return refunds
          .filter((r) => r.receipt === reviewRefundReceipt(order.orderId) && r.status !== 'failed')
          .reduce((sum, r) => sum + r.amountPaise, 0);
      }),
  );
  // The console's refunds are operators'; the refunds table holds every other kind.
  const refunds: { origin: RefundOrigin; paise: number }[] = [
    ...refundedPaise
      .filter((paise) => paise > 0)
      .map((paise) => ({ origin: 'operator' as const, paise })),
    ...recorded.filter(goesBack).map((r) => ({ origin: r.origin, paise: r.amountPaise })),
  ];
  const byOrigin: Partial<Record<RefundOrigin, number>> = {};
  for (const { origin } of refunds) byOrigin[origin] = (byOrigin[origin] ?? 0) + 1;

  return {
    day: istDate(now),
    from: since,
    to: to.toISOString(),
    payments: {
      count: paid.length,
      totalPaise: paid.reduce((sum, order) => sum + order.amountPaise, 0),
    },
    refunds: {
      count: refunds.length,
      totalPaise: refunds.reduce((sum, r) => sum + r.paise, 0),
      byOrigin,
    },
    newServices: { count: newServices, byCategory },
    sales,
    inReview: inReview.length,
    stuck: stuck.length + outOfStep.length,
    outOfStep: outOfStep.length,
  };
}

/**
 * Whether a recorded refund is money going back: not a dispute, and not failed for good (a store
 * refund Razorpay failed is tried again unless it was handed to an operator, who sees it in Stuck).
 */
function goesBack(record: RefundRecord): boolean {
  if (record.kind === 'dispute') return false;
  if (record.status !== 'failed') return true;
  return record.kind === 'store' && record.attention === undefined;
}
