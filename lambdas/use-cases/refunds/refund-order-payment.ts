import { reviewRefundReceipt } from '../../domain/admin';
import type { LogPort } from '../../ports/logger';
import type { OrderRecord } from '../../ports/orders';
import type { GatewayPayment, GatewayRefund, PaymentGateway } from '../../ports/payment-gateway';
import { PaymentProviderError } from '../errors';

/**
 * The refund of an order's payment that bought nothing (an order in review): the one made earlier
 * (found by its receipt), else a new one for the rest; `made` says this call made it. The receipt
 * is the console's, which the refund webhooks leave alone (no purchase, no credit note).
 */
export async function refundOrderPayment(
  deps: {
    gateway: Pick<PaymentGateway, 'listRefunds' | 'createRefund'>;
    log: LogPort;
  },
  order: Pick<OrderRecord, 'orderId'>,
  payment: GatewayPayment,
  notes: Record<string, string>,
): Promise<{ refund: GatewayRefund | undefined; made: boolean }> {
  const receipt = reviewRefundReceipt(order.orderId);
  try {
    const earlier = (await deps.gateway.listRefunds(payment.id)).find(
      (r) => r.receipt === receipt && r.status !== 'failed',
    );
    if (earlier) return { refund: earlier, made: false };
    const left = payment.amountPaise - payment.amountRefundedPaise;
    // Refunded in full already (Razorpay's dashboard): nothing more to give back.
    if (left <= 0) return { refund: undefined, made: false };
    const made = await deps.gateway.createRefund(payment.id, {
      amountPaise: left,
      receipt,
      notes: { orderId: order.orderId, ...notes },
    });
    deps.log.info('Refund requested for an order in review', {
      orderId: order.orderId,
      paymentId: payment.id,
      refundId: made.id,
      amountPaise: made.amountPaise,
    });
    return { refund: made, made: true };
  } catch (error) {
    deps.log.error('Razorpay did not make the refund', {
      orderId: order.orderId,
      paymentId: payment.id,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new PaymentProviderError();
  }
}
