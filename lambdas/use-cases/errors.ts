/** Errors of the use cases, with the API's codes; http/error-response.ts maps them to statuses. */
import { DomainError } from '../domain/errors';

export class InvalidSignatureError extends DomainError {
  override readonly name = 'InvalidSignatureError';
  readonly code = 'invalid_signature';
  constructor() {
    super(
      'We could not confirm this payment with Razorpay. If money left your account, please contact support.',
    );
  }
}

export class OrderNotFoundError extends DomainError {
  override readonly name = 'OrderNotFoundError';
  readonly code = 'order_not_found';
  constructor() {
    super('We could not find that order. Please start the checkout again.');
  }
}

export class PaymentNotCompletedError extends DomainError {
  override readonly name = 'PaymentNotCompletedError';
  readonly code = 'payment_not_completed';
  constructor() {
    super(
      'Razorpay has not completed this payment yet. Please try again or use another payment method.',
    );
  }
}

export class PaymentUnderReviewError extends DomainError {
  override readonly name = 'PaymentUnderReviewError';
  readonly code = 'payment_under_review';
  constructor() {
    super(
      'We received your payment but need to check it before activating your service. Our support team will contact you shortly.',
    );
  }
}

export class PaymentProviderError extends DomainError {
  override readonly name = 'PaymentProviderError';
  readonly code = 'payment_provider_unavailable';
  constructor() {
    super('Our payment provider did not answer. Please try again in a moment.');
  }
}

export class TooManyUnpaidOrdersError extends DomainError {
  override readonly name = 'TooManyUnpaidOrdersError';
  readonly code = 'too_many_requests';
  constructor() {
    super(
      'You have several unpaid orders from the last hour. Please complete one of them, or try again in an hour.',
    );
  }
}
