/**
 * Signing as Razorpay does it, for tests: HMAC-SHA256 hex. Written here once, independently of
 * the adapter's checker, so a mistake in one cannot hide in the other.
 */
import { createHmac } from 'node:crypto';

/** X-Razorpay-Signature of a webhook's raw body, with the webhook secret. */
export function signWebhookBody(rawBody: string | Buffer, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

/** Checkout's razorpay_signature: `order_id|payment_id` with the key secret. */
export function signCheckout(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}
