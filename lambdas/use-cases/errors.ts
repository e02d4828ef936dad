/** Errors of the use cases, with the API's codes; http/error-response.ts maps them to statuses. */
import { refusal } from './refusal';

export class InvalidSignatureError extends refusal(
  'InvalidSignatureError',
  'invalid_signature',
  'We could not confirm this payment with Razorpay. If money left your account, please contact support.',
) {}

export class OrderNotFoundError extends refusal(
  'OrderNotFoundError',
  'order_not_found',
  'We could not find that order. Please start the checkout again.',
) {}

export class PaymentNotCompletedError extends refusal(
  'PaymentNotCompletedError',
  'payment_not_completed',
  'Razorpay has not completed this payment yet. Please try again or use another payment method.',
) {}

export class PaymentUnderReviewError extends refusal(
  'PaymentUnderReviewError',
  'payment_under_review',
  'We received your payment but need to check it before activating your service. Our support team will contact you shortly.',
) {}

/** A second payment for a plan change already made (D26): refunded in full at once. */
export class ChangePaidTwiceError extends refusal(
  'ChangePaidTwiceError',
  'change_paid_twice',
  'Your plan was already changed by your first payment, so this second payment is being refunded in full. We have emailed you the details; your bank may take 5–7 working days to show it.',
) {}

export class PaymentProviderError extends refusal(
  'PaymentProviderError',
  'payment_provider_unavailable',
  'Our payment provider did not answer. Please try again in a moment.',
) {}

export class TooManyUnpaidOrdersError extends refusal(
  'TooManyUnpaidOrdersError',
  'too_many_requests',
  'You have several unpaid orders from the last hour. Please complete one of them, or try again in an hour.',
) {}
