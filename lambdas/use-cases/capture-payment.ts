import { paysOrder } from '../domain/order';
import type { LogPort } from '../ports/logger';
import type { OrderRecord } from '../ports/orders';
import type { GatewayPayment, PaymentGateway } from '../ports/payment-gateway';

export interface CapturePaymentDeps {
  gateway: PaymentGateway;
  log: LogPort;
}

/**
 * - `captured`: the money is the store's (now, or it was before: capturing is idempotent);
 * - `not_ours_to_capture`: it does not pay this order (amount, currency) or the order is paid by
 *   another payment; left authorized, Razorpay returns it to the buyer by itself;
 * - `failed`: Razorpay did not capture it this time; it stays authorized and a retry may.
 */
export type CaptureResult =
  | { outcome: 'captured'; payment: GatewayPayment }
  | { outcome: 'not_ours_to_capture'; reason: string }
  | { outcome: 'failed'; reason: string };

/**
 * Captures an authorized payment for exactly the order's amount (docs/decisions.md D20): the
 * checkout callback and the payment.authorized webhook both come here, in any order, any number
 * of times.
 */
export async function captureAuthorizedPayment(
  deps: CapturePaymentDeps,
  order: OrderRecord,
  payment: GatewayPayment,
): Promise<CaptureResult> {
  const context = { orderId: order.orderId, paymentId: payment.id };
  if (!paysOrder(order, payment)) {
    return { outcome: 'not_ours_to_capture', reason: 'it does not pay the order' };
  }
  if (order.status === 'paid' && order.paymentId !== payment.id) {
    deps.log.warn('A second payment for a paid order is left uncaptured', context);
    return { outcome: 'not_ours_to_capture', reason: 'the order is paid by another payment' };
  }
  let captured: GatewayPayment;
  try {
    captured = await deps.gateway.capturePayment(payment.id, order.amountPaise, order.currency);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deps.log.warn('Capture failed; the payment stays authorized for now', { ...context, reason });
    return { outcome: 'failed', reason };
  }
  if (captured.status !== 'captured') {
    const reason = `Razorpay answered the capture with status ${captured.status}`;
    deps.log.warn('Capture did not capture', { ...context, reason });
    return { outcome: 'failed', reason };
  }
  deps.log.info('Payment captured', context);
  return { outcome: 'captured', payment: captured };
}
