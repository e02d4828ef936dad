/**
 * Razorpay's signatures: HMAC-SHA256 as lowercase hex. Compared in constant time; the SDK's own
 * validateWebhookSignature compares with `===` (docs/toolchain.md), so it is not used.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** True when `signature` is the HMAC-SHA256 hex of `payload` with `secret`. */
export function matchesSignature(
  payload: string | Buffer,
  signature: string | undefined,
  secret: string,
): boolean {
  if (!signature || !HEX_SHA256.test(signature) || !secret) return false;
  const expected = createHmac('sha256', secret).update(payload).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What Checkout signs after a payment: `order_id|payment_id`. */
export function checkoutPayload(orderId: string, paymentId: string): string {
  return `${orderId}|${paymentId}`;
}
