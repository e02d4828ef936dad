import type { VerifyResponse } from '../domain/api';
import type { OrdersStore } from '../ports/orders';
import type { PaymentGateway, SignatureSecrets } from '../ports/payment-gateway';
import {
  OrderNotFoundError,
  InvalidSignatureError,
  PaymentNotCompletedError,
  PaymentProviderError,
  PaymentUnderReviewError,
} from './errors';
import { fulfilPayment, type FulfilPaymentDeps } from './fulfil-payment';
import { isValidSignature } from './signatures';
import { toService } from './to-service';

export interface VerifyCheckoutDeps extends FulfilPaymentDeps {
  orders: OrdersStore;
  gateway: PaymentGateway;
  secrets: SignatureSecrets;
}

export interface CheckoutCallback {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

const COMPLETED_PAYMENT_STATUSES = new Set(['captured', 'authorized']);

/**
 * The checkout callback: the signature must be HMAC-SHA256(order_id|payment_id, key secret) for an
 * order that we stored for this very user; then the payment is fulfilled, exactly as the webhook
 * would fulfil it.
 */
export async function verifyCheckout(
  deps: VerifyCheckoutDeps,
  userId: string,
  callback: CheckoutCallback,
): Promise<VerifyResponse> {
  const order = await deps.orders.getOrder(callback.razorpay_order_id);
  if (!order || order.userId !== userId) throw new OrderNotFoundError();

  const payload = `${order.orderId}|${callback.razorpay_payment_id}`;
  if (!isValidSignature(payload, callback.razorpay_signature, await deps.secrets.keySecret())) {
    deps.log.warn('Checkout signature rejected', { orderId: order.orderId });
    throw new InvalidSignatureError();
  }

  // The signature proves who paid which order; the amount and currency come from Razorpay itself.
  let payment;
  try {
    payment = await deps.gateway.fetchPayment(callback.razorpay_payment_id);
  } catch (error) {
    deps.log.error('Could not fetch the payment from Razorpay', {
      orderId: order.orderId,
      paymentId: callback.razorpay_payment_id,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new PaymentProviderError();
  }
  if (payment.orderId !== order.orderId) throw new InvalidSignatureError();
  if (!COMPLETED_PAYMENT_STATUSES.has(payment.status)) throw new PaymentNotCompletedError();

  const result = await fulfilPayment(
    deps,
    order,
    {
      paymentId: payment.id,
      orderId: order.orderId,
      amountPaise: payment.amountPaise,
      currency: payment.currency,
    },
    { onPublishFailure: 'defer' },
  );
  if (result.outcome === 'review') throw new PaymentUnderReviewError();
  return { purchase: toService(result.purchase, deps.now()) };
}
