/** The console's refusals, with the API's codes; http/error-response.ts maps them to statuses. */
import { DomainError } from '../../domain/errors';

export class OrderNotInReviewError extends DomainError {
  override readonly name = 'OrderNotInReviewError';
  readonly code = 'order_not_in_review';
  constructor(readonly status: string) {
    super(`This order is not waiting for review (it is ${status}); there is nothing to resolve.`);
  }
}

/** Another resolution of the same order began moments ago (a second click, a second operator). */
export class ResolutionInProgressError extends DomainError {
  override readonly name = 'ResolutionInProgressError';
  readonly code = 'resolution_in_progress';
  constructor() {
    super(
      'This order is being resolved right now. Refresh in half a minute to see how it ended, and try again only if it is still in review.',
    );
  }
}

/** Razorpay holds the payment in a state that the chosen action cannot use. */
export class PaymentStateConflictError extends DomainError {
  override readonly name = 'PaymentStateConflictError';
  readonly code = 'payment_state_conflict';
}

export class StuckItemNotFoundError extends DomainError {
  override readonly name = 'StuckItemNotFoundError';
  readonly code = 'stuck_item_not_found';
  constructor() {
    super(
      'That item is not stuck any more (it may have been sent or redriven already). Refresh the list.',
    );
  }
}

export class CustomerQueryError extends DomainError {
  override readonly name = 'CustomerQueryError';
  readonly code = 'validation_failed';
  constructor() {
    super('Please give the email address to look for.');
  }
}
