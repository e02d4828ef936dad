import type {
  CheckoutAutoRenewOutcome,
  VerifyMandateResponse,
  VerifyResponse,
} from '../domain/api';
import { paysOrder } from '../domain/order';
import type { OrderRecord, OrdersStore } from '../ports/orders';
import type { GatewayPayment, PaymentGateway } from '../ports/payment-gateway';
import {
  ChangePaidTwiceError,
  OrderNotFoundError,
  InvalidSignatureError,
  PaymentNotCompletedError,
  PaymentProviderError,
  PaymentUnderReviewError,
} from './errors';
import { captureAuthorizedPayment } from './capture-payment';
import { fulfilPayment, type FulfilPaymentDeps } from './fulfil-payment';
import { toService } from './to-service';
import { refundDuplicateChange, type DuplicateChangeDeps } from './plan-change';
import {
  recordCheckoutMandate,
  verifyMandatePayment,
  type MandateRecordingDeps,
} from './auto-renew/manage-auto-renew';

export interface VerifyCheckoutDeps extends FulfilPaymentDeps {
  orders: OrdersStore;
  gateway: PaymentGateway;
  /** Mandates (D25): set up with a purchase, or from the card's mandate order. */
  autoRenew?: MandateRecordingDeps;
  /** A plan change paid twice is refunded at once, and the buyer mailed (D26). */
  changeRefunds?: Pick<DuplicateChangeDeps, 'mailer' | 'siteUrl'>;
}

export interface CheckoutCallback {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/**
 * What verify answers: the new service once the payment is captured and fulfilled, or `pending`
 * while Razorpay holds it only authorized (docs/decisions.md D20); the payment.authorized webhook
 * and the payment.captured one that follows a capture finish the job, and the dashboard shows it.
 */
export type VerifyOutcome =
  | { status: 'fulfilled'; answer: VerifyResponse }
  | { status: 'pending'; paymentId: string }
  | { status: 'mandate'; answer: VerifyMandateResponse };

/**
 * The checkout callback: the signature must be Razorpay's over `order_id|payment_id` for an order
 * that we stored for this very user. Only a captured payment is fulfilled: an authorized one is
 * captured first (idempotently, for exactly the order's amount), then fulfilled as the webhook
 * would fulfil it.
 */
export async function verifyCheckout(
  deps: VerifyCheckoutDeps,
  userId: string,
  callback: CheckoutCallback,
): Promise<VerifyOutcome> {
  const order = await deps.orders.getOrder(callback.razorpay_order_id);
  if (!order && deps.autoRenew) {
    // Not a purchase: perhaps the card's mandate order (D25), recorded at once.
    const mandate = await verifyMandateOrder(deps, deps.autoRenew, userId, callback);
    if (mandate) return { status: 'mandate', answer: { mandate } };
  }
  if (!order || order.userId !== userId) throw new OrderNotFoundError();

  const signed = await deps.gateway.verifyCheckoutSignature(
    order.orderId,
    callback.razorpay_payment_id,
    callback.razorpay_signature,
  );
  if (!signed) {
    deps.log.warn('Checkout signature rejected', { orderId: order.orderId });
    throw new InvalidSignatureError();
  }

  // The signature proves who paid which order; the amount, currency and status come from Razorpay.
  let payment: GatewayPayment;
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

  switch (payment.status) {
    case 'refunded':
      // A plan change paid twice, refunded already (the webhook came first): said as such.
      if (
        deps.changeRefunds &&
        (await refundDuplicateChange({ ...deps, ...deps.changeRefunds }, order, payment))
      ) {
        throw new ChangePaidTwiceError();
      }
      throw new PaymentNotCompletedError();
    case 'failed':
      throw new PaymentNotCompletedError();
    case 'created':
      return { status: 'pending', paymentId: payment.id };
    case 'authorized': {
      const capture = await captureAuthorizedPayment(deps, order, payment);
      if (capture.outcome === 'failed') return { status: 'pending', paymentId: payment.id };
      if (capture.outcome === 'not_ours_to_capture') {
        // A wrong amount goes on to fulfilPayment, which puts the order under review.
        if (paysOrder(order, payment)) throw new PaymentNotCompletedError();
        break;
      }
      payment = capture.payment;
      break;
    }
    case 'captured':
      break;
  }

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
  if (result.outcome === 'review') {
    if (
      deps.changeRefunds &&
      (await refundDuplicateChange({ ...deps, ...deps.changeRefunds }, order, payment))
    ) {
      throw new ChangePaidTwiceError();
    }
    throw new PaymentUnderReviewError();
  }
  const autoRenew = await checkoutMandate(deps, order, result.purchase.serviceId, payment);
  return {
    status: 'fulfilled',
    answer: {
      purchase: toService(result.purchase, deps.now()),
      ...(autoRenew ? { autoRenew } : {}),
    },
  };
}

/**
 * "Renew automatically" ticked (D25): the mandate the payment registered, recorded now (the
 * webhook records it too, once). The purchase is paid whatever happens here: a fault is logged
 * and answered as pending, and the webhook records the mandate on its delivery.
 */
async function checkoutMandate(
  deps: VerifyCheckoutDeps,
  order: OrderRecord,
  serviceId: string | undefined,
  payment: GatewayPayment,
): Promise<CheckoutAutoRenewOutcome | undefined> {
  if (!order.autoRenew) return undefined;
  if (!deps.autoRenew) return { status: 'pending' };
  try {
    return await recordCheckoutMandate(deps.autoRenew, order, serviceId, payment);
  } catch (error) {
    deps.log.error('Checkout mandate not recorded at verify; the webhook records it', {
      orderId: order.orderId,
      error: error instanceof Error ? error.message : String(error),
    });
    return { status: 'pending' };
  }
}

/**
 * The card's mandate order (D25): Razorpay's signature over it, the payment as Razorpay has it,
 * then the mandate recorded for the buyer's own service. Undefined when it is no such order.
 */
async function verifyMandateOrder(
  deps: VerifyCheckoutDeps,
  autoRenew: MandateRecordingDeps,
  userId: string,
  callback: CheckoutCallback,
): Promise<VerifyMandateResponse['mandate'] | undefined> {
  const signed = await deps.gateway.verifyCheckoutSignature(
    callback.razorpay_order_id,
    callback.razorpay_payment_id,
    callback.razorpay_signature,
  );
  if (!signed) return undefined;
  let payment: GatewayPayment;
  try {
    payment = await deps.gateway.fetchPayment(callback.razorpay_payment_id);
  } catch (error) {
    deps.log.error('Could not fetch the mandate payment from Razorpay', {
      orderId: callback.razorpay_order_id,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new PaymentProviderError();
  }
  if (payment.orderId !== callback.razorpay_order_id) throw new InvalidSignatureError();
  if (payment.status === 'failed' || payment.status === 'created') return undefined;
  return verifyMandatePayment(autoRenew, userId, payment);
}
