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
  /** The saved card or UPI mandate a recurring payment was made with, or registered by. */
  tokenId?: string;
  customerId?: string;
}

/** Who holds saved tokens at Razorpay (one per buyer; created again it is found, not doubled). */
export interface GatewayCustomerRequest {
  name: string;
  email: string;
  contact?: string;
}

/** A mandate's states at Razorpay (a token's `recurring_details.status`). */
export type GatewayTokenStatus = 'initiated' | 'confirmed' | 'paused' | 'cancelled' | 'rejected';

/**
 * A saved card token or a UPI Autopay mandate, as the buyer may see it: a card's last four
 * digits and network, or the UPI id masked; never the card number.
 */
export interface GatewayToken {
  id: string;
  method: 'card' | 'upi';
  status: GatewayTokenStatus;
  maxAmountPaise: Paise;
  /** Unix seconds after which the mandate cannot be debited. */
  expireAt: number | null;
  cardLast4?: string;
  cardNetwork?: string;
  vpa?: string;
}

/**
 * The order whose payment registers a mandate (the authorisation transaction): Checkout opened
 * with `recurring: 1` and this `customer_id` asks the buyer to authenticate and saves the method.
 */
export interface GatewayMandateOrderRequest extends GatewayOrderRequest {
  customerId: string;
  /** Fixes the method; absent, the buyer picks a card or UPI Autopay in Checkout. */
  method?: 'card' | 'upi';
  token: {
    maxAmountPaise: Paise;
    /** Unix seconds. */
    expireAt: number;
    /** UPI Autopay: `as_presented` (debits on demand, each after a pre-debit notice). */
    frequency: 'as_presented' | 'monthly' | 'yearly';
  };
}

/** A debit on a confirmed mandate, on an order created for it (one order per debit). */
export interface GatewayRecurringPaymentRequest {
  orderId: string;
  customerId: string;
  tokenId: string;
  amountPaise: Paise;
  email: string;
  contact: string;
  description: string;
  notes: Record<string, string>;
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
  | {
      type: 'token.confirmed' | 'token.cancelled' | 'token.paused' | 'token.rejected';
      token: GatewayToken;
      customerId: string | null;
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
  /** Finds or creates the buyer's customer (Razorpay's `fail_existing: 0`). */
  ensureCustomer(request: GatewayCustomerRequest): Promise<{ id: string }>;
  /** An order whose payment registers a card token or a UPI Autopay mandate. */
  createMandateOrder(request: GatewayMandateOrderRequest): Promise<GatewayOrder>;
  /** The customer's saved tokens and mandates. */
  listTokens(customerId: string): Promise<GatewayToken[]>;
  /** Cancels a token (the mandate ends at the bank). Idempotent: a token already gone is fine. */
  cancelToken(customerId: string, tokenId: string): Promise<void>;
  /**
   * Debits a confirmed mandate on `orderId`. The payment may stay `created` for up to a day (UPI's
   * notification step) before it is authorized or fails; its webhooks tell.
   */
  createRecurringPayment(request: GatewayRecurringPaymentRequest): Promise<GatewayPayment>;
  /** Checkout's razorpay_signature: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
  verifyCheckoutSignature(orderId: string, paymentId: string, signature: string): Promise<boolean>;
}
