import type { TodaySummary } from '../../domain/admin';
import type { Category } from '../../domain/plan';
import { istDate, startOfIstDay } from '../../domain/renewals';
import type { OrdersStore } from '../../ports/orders';
import type { PaymentGateway } from '../../ports/payment-gateway';
import type { PurchasesStore } from '../../ports/purchases';
import type { ServicesStore } from '../../ports/services';
import { reviewRefundReceipt } from '../../domain/admin';
import { purchaseIdFor } from '../fulfil-payment';
import type { DeadLettersDeps } from './dead-letters';
import { listStuck } from './dead-letters';

export interface TodayDeps extends DeadLettersDeps {
  orders: OrdersStore;
  purchases: PurchasesStore;
  services: ServicesStore;
  gateway: PaymentGateway;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** More paid orders in a day than a two-person business sees in a month. */
const DAY_LIMIT = 1000;

/**
 * India's calendar day so far: the orders paid today and their amounts, the refunds made today
 * from the console, the services that began today by category, and what waits for a person.
 * Read from the orders' byStatus index (orders moved today), never a scan.
 */
export async function summariseToday(deps: TodayDeps): Promise<TodaySummary> {
  const now = deps.now();
  const from = startOfIstDay(now);
  const to = new Date(from.getTime() + DAY_MS);
  const since = from.toISOString();
  const inDay = (iso: string | undefined) =>
    iso !== undefined && iso >= since && iso < to.toISOString();

  const [paidMoved, refundedMoved, inReview, stuck] = await Promise.all([
    deps.orders.listOrdersByStatus('paid', { limit: DAY_LIMIT, movedSince: since }),
    deps.orders.listOrdersByStatus('refunded', { limit: DAY_LIMIT, movedSince: since }),
    deps.orders.listOrdersByStatus('review', { limit: DAY_LIMIT }),
    listStuck(deps),
  ]);
  const paid = paidMoved.filter((order) => inDay(order.paidAt ?? order.updatedAt));

  const byCategory: Partial<Record<Category, number>> = {};
  let newServices = 0;
  await Promise.all(
    paid.map(async (order) => {
      if (!order.paymentId) return;
      const purchase = await deps.purchases.getPurchase(
        order.userId,
        purchaseIdFor(order.paymentId),
      );
      if (!purchase?.serviceId) return;
      const service = await deps.services.getService(order.userId, purchase.serviceId);
      // A service is new today when its first period was given today (not a renewal).
      if (!service || !inDay(service.createdAt)) return;
      newServices += 1;
      byCategory[service.category] = (byCategory[service.category] ?? 0) + 1;
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
  const refunds = refundedPaise.filter((paise) => paise > 0);

  return {
    day: istDate(now),
    from: since,
    to: to.toISOString(),
    payments: {
      count: paid.length,
      totalPaise: paid.reduce((sum, order) => sum + order.amountPaise, 0),
    },
    refunds: { count: refunds.length, totalPaise: refunds.reduce((sum, p) => sum + p, 0) },
    newServices: { count: newServices, byCategory },
    inReview: inReview.length,
    stuck: stuck.length,
  };
}
