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

/** The service is not waiting for a person (ready already, or being provisioned right now). */
export class ServiceNotWaitingError extends DomainError {
  override readonly name = 'ServiceNotWaitingError';
  readonly code = 'service_not_waiting';
  constructor() {
    super(
      'This service is not waiting for a person any more (it is ready, or being set up right now). Refresh the list.',
    );
  }
}

/** An access detail that looks like a secret: no mail carries one, so nothing is saved. */
export class AccessDetailsRefusedError extends DomainError {
  override readonly name = 'AccessDetailsRefusedError';
  readonly code = 'validation_failed';
  constructor(detail: string) {
    super(`${detail} Give the buyer a way to set their own password instead.`);
  }
}

/** A stuck item the console cannot send again (a refund Razorpay refuses: settle it there). */
export class NotRedrivableError extends DomainError {
  override readonly name = 'NotRedrivableError';
  readonly code = 'not_redrivable';
  constructor() {
    super(
      "This refund cannot be sent again from here: Razorpay refused it. Settle it in Razorpay's dashboard.",
    );
  }
}
