/** The console's refusals, with the API's codes; http/error-response.ts maps them to statuses. */
import { refusal } from '../refusal';

export class OrderNotInReviewError extends refusal(
  'OrderNotInReviewError',
  'order_not_in_review',
  (status: string) =>
    `This order is not waiting for review (it is ${status}); there is nothing to resolve.`,
) {
  constructor(readonly status: string) {
    super(status);
  }
}

/** Another resolution of the same order began moments ago (a second click, a second operator). */
export class ResolutionInProgressError extends refusal(
  'ResolutionInProgressError',
  'resolution_in_progress',
  'This order is being resolved right now. Refresh in half a minute to see how it ended, and try again only if it is still in review.',
) {}

/** Razorpay holds the payment in a state that the chosen action cannot use. */
export class PaymentStateConflictError extends refusal(
  'PaymentStateConflictError',
  'payment_state_conflict',
  (message: string) => message,
) {}

export class StuckItemNotFoundError extends refusal(
  'StuckItemNotFoundError',
  'stuck_item_not_found',
  'That item is not stuck any more (it may have been sent or redriven already). Refresh the list.',
) {}

export class CustomerQueryError extends refusal(
  'CustomerQueryError',
  'validation_failed',
  'Please give the email address to look for.',
) {}

/** The service is not waiting for a person (ready already, or being provisioned right now). */
export class ServiceNotWaitingError extends refusal(
  'ServiceNotWaitingError',
  'service_not_waiting',
  'This service is not waiting for a person any more (it is ready, or being set up right now). Refresh the list.',
) {}

/** An access detail that looks like a secret: no mail carries one, so nothing is saved. */
export class AccessDetailsRefusedError extends refusal(
  'AccessDetailsRefusedError',
  'validation_failed',
  (detail: string) => `${detail} Give the buyer a way to set their own password instead.`,
) {}

/** A stuck item the console cannot send again (a refund Razorpay refuses: settle it there). */
export class NotRedrivableError extends refusal(
  'NotRedrivableError',
  'not_redrivable',
  "This refund cannot be sent again from here: Razorpay refused it. Settle it in Razorpay's dashboard.",
) {}

/** A service that ended (cancelled, refunded, charged back): nothing is set up for it any more. */
export class ServiceEndedError extends refusal(
  'ServiceEndedError',
  'service_ended',
  'This service has ended (it was cancelled or refunded), so it is not to be set up.',
) {}

/** No such service, or (without the buyer's id) none of that id out of step or due for removal. */
export class AdminServiceNotFoundError extends refusal(
  'AdminServiceNotFoundError',
  'service_not_found',
  "We could not find that service: it is not out of step or due for removal any more. Refresh the list, or give the buyer's id with it.",
) {}

/** Removal asked of a service that is not ended, not yet 30 days past its end, or removed. */
export class ServiceNotRemovableError extends refusal(
  'ServiceNotRemovableError',
  'service_not_removable',
  (why: string) => why,
) {}

/** Another attempt (the bus, the reconciler, another operator) is acting on the service now. */
export class ServiceBusyError extends refusal(
  'ServiceBusyError',
  'service_busy',
  'Another attempt is acting on this service right now. Refresh in a minute to see where it stands, and try again only if it is still listed.',
) {}

/** An action the service's state refuses, with why, in a sentence the operator reads. */
export class ServiceActionRefusedError extends refusal(
  'ServiceActionRefusedError',
  'service_action_refused',
  (why: string) => why,
) {}

/** An action that needs a field the request did not give (days, paymentId). */
export class ServiceActionInputError extends refusal(
  'ServiceActionInputError',
  'validation_failed',
  (why: string) => why,
) {}

/** A refund of a payment that is not one of this service's. */
export class ServicePaymentNotFoundError extends refusal(
  'ServicePaymentNotFoundError',
  'payment_not_found',
  'That payment is not one of this service’s. Choose it from the service’s payments.',
) {}

/** A report's period or range the console cannot answer (badly written, backwards, too long). */
export class ReportRangeError extends refusal(
  'ReportRangeError',
  'validation_failed',
  (why: string) => why,
) {}

/** No customer with that id. */
export class CustomerNotFoundError extends refusal(
  'CustomerNotFoundError',
  'customer_not_found',
  'We could not find that customer. Search for them by email, phone or domain.',
) {}

/** No mail with that id in the customer's log. */
export class MailNotFoundError extends refusal(
  'MailNotFoundError',
  'mail_not_found',
  "That mail is not in this customer's log. Refresh the page.",
) {}

/** A mail of a kind never sent again (a single-use link, a moment's status): why, in a sentence. */
export class MailNotResendableError extends refusal(
  'MailNotResendableError',
  'mail_not_resendable',
  (why: string) => `This mail cannot be sent again: ${why}`,
) {}
