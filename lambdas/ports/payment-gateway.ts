import type { Paise } from '../domain/money';

export interface GatewayOrderRequest {
  amountPaise: Paise;
  currency: 'INR';
  receipt: string;
  notes: Record<string, string>;
}

export interface GatewayOrder {
  id: string;
  amountPaise: Paise;
  currency: string;
}

/**
 * A payment's life at Razorpay: created → authorized → captured (→ refunded once fully refunded),
 * or failed. Only a captured payment is money the store holds (docs/decisions.md D20).
 */
export type GatewayPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface GatewayPayment {
  id: string;
  /** null for a payment made without an order (not one of ours). */
  orderId: string | null;
  amountPaise: Paise;
  currency: string;
  status: GatewayPaymentStatus;
  amountRefundedPaise: Paise;
  refundStatus: 'partial' | 'full' | null;
  errorCode?: string;
  errorDescription?: string;
}

export type GatewayRefundStatus = 'pending' | 'processed' | 'failed';

export interface GatewayRefund {
  id: string;
  paymentId: string;
  amountPaise: Paise;
  currency: string;
  status: GatewayRefundStatus;
  /** What the store passed to match the refund to its own record; null for a dashboard refund. */
  receipt: string | null;
  notes: Record<string, string>;
  createdAt: string;
}

export interface RefundRequest {
  amountPaise: Paise;
  receipt: string;
  notes: Record<string, string>;
}

export interface GatewayDispute {
  id: string;
  paymentId: string;
  amountPaise: Paise;
  currency: string;
  /** open, under_review, won, lost, closed */
  status: string;
  reasonCode: string | null;
}

/**
 * A webhook whose signature matched, as a typed fact. Razorpay adds events and fields without
 * notice: an event the store does not act on, or a known one whose entities are not there, is
 * `ignored` with the reason (never its contents, which hold personal data).
 */
export type PaymentWebhookEvent =
  | {
      type: 'payment.authorized' | 'payment.captured' | 'payment.failed' | 'order.paid';
      payment: GatewayPayment;
    }
  | {
      type: 'refund.created' | 'refund.processed' | 'refund.failed';
      refund: GatewayRefund;
      /** The refunded payment as it stood when the event was sent. */
      payment: GatewayPayment | undefined;
    }
  | {
      type: 'payment.dispute.created' | 'payment.dispute.won' | 'payment.dispute.lost';
      dispute: GatewayDispute;
      payment: GatewayPayment | undefined;
    }
  | { type: 'ignored'; event: string; reason: string };

/**
 * Razorpay, as the use cases need it. Its protocol (signatures, payload shapes, error answers)
 * stays behind this port: use cases see verified, typed facts.
 */
export interface PaymentGateway {
  /** The public key id the browser's checkout needs. */
  keyId(): Promise<string>;
  createOrder(request: GatewayOrderRequest): Promise<GatewayOrder>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** Every payment attempt made on an order (for a reconciler). */
  listOrderPayments(orderId: string): Promise<GatewayPayment[]>;
  /**
   * Captures an authorized payment for exactly this amount. Idempotent: a payment that is already
   * captured answers with the payment as it is.
   */
  capturePayment(paymentId: string, amountPaise: Paise, currency: string): Promise<GatewayPayment>;
  createRefund(paymentId: string, request: RefundRequest): Promise<GatewayRefund>;
  listRefunds(paymentId: string): Promise<GatewayRefund[]>;
  fetchRefund(refundId: string): Promise<GatewayRefund>;
  /**
   * Checks X-Razorpay-Signature (HMAC-SHA256 of the raw body with the webhook secret) before
   * reading anything, then parses. null when the signature does not match: nothing was parsed.
   */
  verifyWebhook(
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<PaymentWebhookEvent | null>;
  /** Checkout's razorpay_signature: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
  verifyCheckoutSignature(orderId: string, paymentId: string, signature: string): Promise<boolean>;
}
