/**
 * Signing as Razorpay does it, for tests: HMAC-SHA256 hex. Written here once, independently of
 * the adapter's checker, so a mistake in one cannot hide in the other.
 */
import { createHmac } from 'node:crypto';

/** X-Razorpay-Signature of a webhook's raw body, with the webhook secret. */
export function signWebhookBody(rawBody: string | Buffer, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

/** A webhook delivery as the use case receives it: the raw body, its signature, the event id. */
export function signedDelivery(body: string, eventId: string, webhookSecret: string) {
  const rawBody = Buffer.from(body);
  return { rawBody, signature: signWebhookBody(rawBody, webhookSecret), eventId };
}

/** Checkout's razorpay_signature: `order_id|payment_id` with the key secret. */
export function signCheckout(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}
