/**
 * Razorpay's refund and dispute webhooks for the use-case specs: the real-shaped samples in
 * events/razorpay with the refund, payment and dispute of the test filled in, signed as Razorpay
 * signs them, so the specs run through the real parser and signature check.
 */
import { loadEvent } from '../../events/load-event';
import type {
  GatewayDispute,
  GatewayPayment,
  GatewayRefund,
} from '../../lambdas/ports/payment-gateway';
import { signedDelivery } from './razorpay-signing';

interface Entity {
  entity: Record<string, unknown>;
}
interface WebhookBody {
  event: string;
  payload: { refund?: Entity; payment?: Entity; dispute?: Entity };
  created_at: number;
}

export interface SignedDelivery {
  rawBody: Buffer;
  signature: string;
  eventId: string;
}

function paymentFields(payment: GatewayPayment): Record<string, unknown> {
  return {
    id: payment.id,
    amount: payment.amountPaise,
    currency: payment.currency,
    status: payment.status,
    order_id: payment.orderId,
    amount_refunded: payment.amountRefundedPaise,
    refund_status: payment.refundStatus,
  };
}

function signed(body: WebhookBody, eventId: string, secret: string): SignedDelivery {
  return signedDelivery(JSON.stringify(body), eventId, secret);
}

export function refundWebhook(
  type: 'refund.created' | 'refund.processed' | 'refund.failed',
  refund: GatewayRefund,
  payment: GatewayPayment,
  eventId: string,
  secret: string,
): SignedDelivery {
  const body = loadEvent<WebhookBody>(`razorpay/${type}.json`);
  body.event = type;
  const refundEntity = body.payload.refund?.entity ?? {};
  Object.assign(refundEntity, {
    id: refund.id,
    amount: refund.amountPaise,
    currency: refund.currency,
    payment_id: refund.paymentId,
    receipt: refund.receipt,
    notes: Object.keys(refund.notes).length > 0 ? refund.notes : [],
    status: type === 'refund.created' ? 'pending' : refund.status,
  });
  Object.assign(body.payload.payment?.entity ?? {}, paymentFields(payment));
  return signed(body, eventId, secret);
}

export function disputeWebhook(
  type: 'payment.dispute.created' | 'payment.dispute.lost',
  dispute: Pick<GatewayDispute, 'id' | 'amountPaise'>,
  payment: GatewayPayment,
  eventId: string,
  secret: string,
): SignedDelivery {
  const body = loadEvent<WebhookBody>(`razorpay/${type}.json`);
  Object.assign(body.payload.dispute?.entity ?? {}, {
    id: dispute.id,
    payment_id: payment.id,
    amount: dispute.amountPaise,
  });
  Object.assign(body.payload.payment?.entity ?? {}, paymentFields(payment));
  return signed(body, eventId, secret);
}
