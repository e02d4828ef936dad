import type { AdminOrder } from '../../domain/admin';
import type { OrderStatus } from '../../domain/order';
import type { AuditLog } from '../../ports/audit';
import type { LogPort } from '../../ports/logger';
import type { OrderRecord, OrdersStore } from '../../ports/orders';
import type { GatewayPayment, PaymentGateway } from '../../ports/payment-gateway';
import { toAdminOrder } from './admin-order';

export interface ListOrdersDeps {
  orders: OrdersStore;
  audit: AuditLog;
  gateway: PaymentGateway;
  log: LogPort;
}

/** A page of the console's list: enough for a busy day, small enough to read at once. */
export const ORDERS_PAGE = 100;

/**
 * Orders in one status, last moved first, from the byStatus index (never a scan), each with what
 * operators did to it. An order in review also shows what Razorpay says was paid; when Razorpay
 * does not answer, the order is listed all the same, with the stored reason.
 */
export async function listOrders(deps: ListOrdersDeps, status: OrderStatus): Promise<AdminOrder[]> {
  const orders = await deps.orders.listOrdersByStatus(status, { limit: ORDERS_PAGE });
  return Promise.all(orders.map((order) => adminOrderOf(deps, order)));
}

/** One order as the console shows it: its audit, and Razorpay's payment while it is in review. */
export async function adminOrderOf(deps: ListOrdersDeps, order: OrderRecord): Promise<AdminOrder> {
  const [audit, reviewPayment] = await Promise.all([
    deps.audit.listForTarget({ kind: 'order', id: order.orderId }),
    order.status === 'review' && order.reviewPaymentId
      ? paymentOrNothing(deps, order.reviewPaymentId)
      : Promise.resolve(undefined),
  ]);
  return toAdminOrder(order, audit, reviewPayment);
}

async function paymentOrNothing(
  deps: ListOrdersDeps,
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
