import type { AdminOrder } from '../../domain/admin';
import type { OrderStatus } from '../../domain/order';
import type { AuditLog } from '../../ports/audit';
import type { LogPort } from '../../ports/logger';
import type { OrderRecord, OrdersStore } from '../../ports/orders';
import type { GatewayPayment, PaymentGateway } from '../../ports/payment-gateway';
import type { RefundsStore } from '../../ports/refunds';
import { toAdminOrder } from './admin-order';

export interface ListOrdersDeps {
  orders: OrdersStore;
  audit: AuditLog;
  gateway: PaymentGateway;
  log: LogPort;
  refunds: Pick<RefundsStore, 'listMadeBetween'>;
  now: () => Date;
}

/** How far back Orders › Refunded reads the refunds table: a month of refunds. */
const REFUNDED_DAYS = 31;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A page of the console's list: enough for a busy day, small enough to read at once. */
export const ORDERS_PAGE = 100;

/**
 * Orders in one status, last moved first, from the byStatus index (never a scan), each with what
 * operators did to it. An order in review also shows what Razorpay says was paid; when Razorpay
 * does not answer, the order is listed all the same, with the stored reason.
 */
export async function listOrders(deps: ListOrdersDeps, status: OrderStatus): Promise<AdminOrder[]> {
  const orders = await deps.orders.listOrdersByStatus(status, { limit: ORDERS_PAGE });
  const listed = await Promise.all(orders.map((order) => adminOrderOf(deps, order)));
  if (status !== 'refunded') return listed;
  return [...listed, ...(await refundedPaidOrders(deps, new Set(orders.map((o) => o.orderId))))]
    .sort((a, b) => (b.refund?.at ?? b.updatedAt).localeCompare(a.refund?.at ?? a.updatedAt))
    .slice(0, ORDERS_PAGE);
}

/**
 * Paid orders whose payment was refunded afterwards (a buyer's cancellation, an operator's refund,
 * one made in Razorpay's dashboard): their order stays `paid`, so the byStatus index does not list
 * them; the refunds table's byDay index does, as Today counts them (issue #27: the two agree).
 */
async function refundedPaidOrders(
  deps: ListOrdersDeps,
  listed: ReadonlySet<string>,
): Promise<AdminOrder[]> {
  // Up to the end of today and beyond: a refund made this very instant is listed too.
  const now = deps.now().getTime();
  const from = new Date(now - REFUNDED_DAYS * DAY_MS);
  const to = new Date(now + DAY_MS);
  const records = (await deps.refunds.listMadeBetween(from.toISOString(), to.toISOString()))
    .filter((record) => record.kind !== 'dispute' && !listed.has(record.orderId))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const byOrder = new Map(records.map((record) => [record.orderId, record] as const));
  const orders = await Promise.all(
    [...byOrder.keys()].slice(0, ORDERS_PAGE).map((id) => deps.orders.getOrder(id)),
  );
  return Promise.all(
    orders.flatMap((order) => {
      const record = order ? byOrder.get(order.orderId) : undefined;
      if (!order || !record) return [];
      return [
        adminOrderOf(deps, order).then((admin): AdminOrder => ({
          ...admin,
          refund: {
            amountPaise: record.amountPaise,
            origin: record.origin,
            status: record.status,
            at: record.createdAt,
            ...(record.reason ? { reason: record.reason } : {}),
          },
        })),
      ];
    }),
  );
}

/** One order as the console shows it: its audit, and Razorpay's payment while it is in review. */
export async function adminOrderOf(
  deps: Pick<ListOrdersDeps, 'audit' | 'gateway' | 'log'>,
  order: OrderRecord,
): Promise<AdminOrder> {
  const [audit, reviewPayment] = await Promise.all([
    deps.audit.listForTarget({ kind: 'order', id: order.orderId }),
    order.status === 'review' && order.reviewPaymentId
      ? paymentOrNothing(deps, order.reviewPaymentId)
      : Promise.resolve(undefined),
  ]);
  return toAdminOrder(order, audit, reviewPayment);
}

async function paymentOrNothing(
  deps: Pick<ListOrdersDeps, 'gateway' | 'log'>,
  paymentId: string,
): Promise<GatewayPayment | undefined> {
  try {
    return await deps.gateway.fetchPayment(paymentId);
  } catch (error) {
    deps.log.warn('Razorpay did not answer for a payment in review', {
      paymentId,
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}
